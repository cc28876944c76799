import type { FastifyInstance } from 'fastify';
import { operations } from '#/api/operations';
import { partnerOf } from '../auth';
import type { DomainContext } from '../domain/context';
import {
  acceptAgreements,
  createMerchant,
  getMerchant,
  listAgreements,
  listMerchants,
  submitOnboarding,
  updateMerchant,
} from '../domain/merchants';
import { addDocument, listDocuments } from '../domain/kyc-documents';
import { publicBaseUrl, route } from '../http';

export function merchantRoutes(app: FastifyInstance, ctx: DomainContext) {
  route(app, operations.createMerchant, ({ body }, req) =>
    createMerchant(ctx, partnerOf(req).id, body),
  );
  route(app, operations.updateMerchant, ({ params, body }, req) =>
    updateMerchant(ctx, partnerOf(req).id, params.id, body),
  );
  route(app, operations.getMerchant, ({ params }, req) =>
    getMerchant(ctx, partnerOf(req).id, params.id),
  );
  route(app, operations.listMerchants, ({ query }, req) =>
    listMerchants(ctx, partnerOf(req).id, query.start, query.limit),
  );
  route(app, operations.listAgreements, ({ params }, req) =>
    listAgreements(ctx, partnerOf(req).id, params.id, publicBaseUrl(req)),
  );
  route(app, operations.acceptAgreements, ({ params, body }, req) =>
    acceptAgreements(ctx, partnerOf(req).id, params.id, body.agreementIds, publicBaseUrl(req)),
  );
  route(app, operations.listMerchantDocuments, ({ params }, req) =>
    listDocuments(ctx, partnerOf(req).id, params.id),
  );
  route(app, operations.addMerchantDocument, ({ params, body }, req) =>
    addDocument(ctx, partnerOf(req).id, params.id, body),
  );
  route(app, operations.submitOnboarding, ({ params }, req) =>
    submitOnboarding(ctx, partnerOf(req).id, params.id),
  );
}
