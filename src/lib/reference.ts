// Reference data every screen may need: countries and currencies. They change rarely.
import { queryOptions } from '@tanstack/react-query';
import { listCountries, listCurrencies, listMerchants, listPayoutAccounts } from '../api/client';
import { api } from './api';

export const countriesQuery = queryOptions({
  queryKey: ['reference', 'countries'],
  queryFn: () => listCountries(api),
  staleTime: Infinity,
});

export const currenciesQuery = queryOptions({
  queryKey: ['reference', 'currencies'],
  queryFn: () => listCurrencies(api),
  staleTime: 10 * 60_000,
});

// Record pickers offer the newest hundred; more are reached by id (Go to…).
export const CHOICES_PAGE = { start: 0, limit: 100 } as const;

export const merchantChoicesQuery = queryOptions({
  queryKey: ['merchants', 'list', CHOICES_PAGE],
  queryFn: () => listMerchants(api, CHOICES_PAGE),
});

export const payoutAccountChoicesQuery = queryOptions({
  queryKey: ['payout-accounts', 'list', CHOICES_PAGE],
  queryFn: () => listPayoutAccounts(api, CHOICES_PAGE),
});
