// The money controls' own endpoints (declared in src/api/controls.ts): policies and what they
// would ask, the approvals inbox and its count, a transaction's approvals, payee changes and
// their decisions, and the check of bank details before they are saved. Every change and every
// refusal is audited. Each concern's endpoints are a module of their own, on ./route-helpers.ts.
import type { FastifyPluginAsync } from 'fastify';
import { controlsRouteHelpers } from './route-helpers';
import { policyRoutes } from './policy-routes';
import { approvalRoutes } from './approval-routes';
import { payeeChangeRoutes } from './payee-routes';
import { controlChangeRoutes } from './change-routes';
import { limitRoutes } from './limit-routes';

export const controlsRoutes: FastifyPluginAsync = async (app) => {
  const helpers = controlsRouteHelpers(app);
  policyRoutes(app, helpers);
  approvalRoutes(app, helpers);
  payeeChangeRoutes(app, helpers);
  controlChangeRoutes(app, helpers);
  limitRoutes(app, helpers);
};
