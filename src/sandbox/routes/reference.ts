import type { FastifyInstance } from 'fastify';
import { operations } from '#/api/operations';
import { COUNTRIES } from '../domain/countries';
import { CURRENCIES } from '../domain/currencies';
import { route } from '../http';

export function referenceRoutes(app: FastifyInstance) {
  route(app, operations.listCurrencies, () => CURRENCIES);
  route(app, operations.listCountries, () => COUNTRIES);
}
