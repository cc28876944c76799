import type { FastifyInstance } from 'fastify';
import { operations } from '#/api/operations';
import { partnerOf } from '../auth';
import type { DomainContext } from '../domain/context';
import {
  createPayoutAccount,
  getPayoutAccount,
  listPayoutAccounts,
  updatePayoutAccount,
} from '../domain/payout-accounts';
import { route } from '../http';

export function payoutAccountRoutes(app: FastifyInstance, ctx: DomainContext) {
  route(app, operations.createPayoutAccount, ({ body }, req) =>
    createPayoutAccount(ctx, partnerOf(req).id, body),
  );
  route(app, operations.updatePayoutAccount, ({ params, body }, req) =>
    updatePayoutAccount(ctx, partnerOf(req).id, params.id, body),
  );
  route(app, operations.getPayoutAccount, ({ params }, req) =>
    getPayoutAccount(ctx, partnerOf(req).id, params.id),
  );
  route(app, operations.listPayoutAccounts, ({ query }, req) => {
    const { start, limit, ...filter } = query;
    return listPayoutAccounts(ctx, partnerOf(req).id, filter, start, limit);
  });
}
