// The query keys that more than one feature uses (issue 58): the cached data of one feature that
// another refreshes after its own changes (a payee change refreshes the payout account; a
// decision refreshes the approvals count). Kept here, below the features, so that no two
// features' queries import each other. A feature's own keys stay in its queries.ts.
import type { RequirementQuery } from '#/api/controls';
import type { Product } from '#/api/schemas/transaction';

export type InboxScope = 'you' | 'everyone';

export interface PayoutAccountFilters {
  start: number;
  limit: number;
  businessId?: number | undefined;
  currencySymbol?: string | undefined;
}

export const controlsKeys = {
  all: ['controls'] as const,
  inbox: (scope: InboxScope, start: number, limit: number) =>
    ['controls', 'inbox', scope, start, limit] as const,
  count: ['controls', 'count'] as const,
  transaction: (product: Product, id: number, status?: string) =>
    ['controls', 'transaction', product, id, status] as const,
  payeeChanges: (accountId: number) => ['controls', 'payee-changes', accountId] as const,
  policies: ['controls', 'policies'] as const,
  settings: ['controls', 'settings'] as const,
  changes: ['controls', 'changes'] as const,
  requirement: (q: RequirementQuery) => ['controls', 'requirement', q] as const,
};

export const payoutAccountKeys = {
  all: ['payout-accounts'] as const,
  list: (filters: PayoutAccountFilters) => ['payout-accounts', 'list', filters] as const,
  detail: (id: number) => ['payout-accounts', 'detail', id] as const,
};

export const merchantKeys = {
  all: ['merchants'] as const,
  list: (page: { start: number; limit: number }) => ['merchants', 'list', page] as const,
  detail: (id: number) => ['merchants', 'detail', id] as const,
  agreements: (id: number) => ['merchants', 'agreements', id] as const,
  documents: (id: number) => ['merchants', 'documents', id] as const,
  notes: (id: number) => ['merchants', 'notes', id] as const,
};

export const sessionKeys = {
  all: ['session'] as const,
  signedOutView: ['session', 'signed-out view'] as const,
};
