import type { FastifyInstance } from 'fastify';
import { operations, transactionOperations } from '#/api/operations';
import { PRODUCTS } from '#/api/schemas/transaction';
import { partnerOf } from '../auth';
import type { DomainContext } from '../domain/context';
import { priceQuote } from '../domain/pricing';
import {
  approveDeposit,
  approveQuote,
  cancelTransaction,
  createTransaction,
  getPayoutConfirmation,
  getTransaction,
  listTransactions,
} from '../domain/transactions';
import { route } from '../http';

export function transactionRoutes(app: FastifyInstance, ctx: DomainContext) {
  for (const product of PRODUCTS) {
    const ops = transactionOperations[product];
    route(app, ops.price, ({ body }) =>
      priceQuote(product, body.fromCurrencySymbol, body.toCurrencySymbol, body.toAmount),
    );
    route(app, ops.create, ({ body }, req) =>
      createTransaction(ctx, partnerOf(req).id, product, body),
    );
    route(app, ops.get, ({ params }, req) =>
      getTransaction(ctx, partnerOf(req).id, product, params.id),
    );
    route(app, ops.list, ({ query }, req) => {
      const { start, limit, ...filter } = query;
      return listTransactions(ctx, partnerOf(req).id, product, filter, start, limit);
    });
    route(app, ops.approveQuote, ({ params }, req) =>
      approveQuote(ctx, partnerOf(req).id, product, params.id),
    );
    route(app, ops.approveDeposit, ({ params, body }, req) =>
      approveDeposit(ctx, partnerOf(req).id, product, params.id, body?.depositConfirmationUrl),
    );
    route(app, ops.cancel, ({ params, body }, req) =>
      cancelTransaction(ctx, partnerOf(req).id, product, params.id, body),
    );
  }
  route(app, operations.getPayoutConfirmation, ({ params }, req) =>
    getPayoutConfirmation(ctx, partnerOf(req).id, params.id),
  );
}
