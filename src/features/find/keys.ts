// The query keys of what comes from the local index: the query client drops them all after every
// change a person makes, so it reads them from here, without the queries and the contract behind
// them (the first load: bench/README.md).
import type {
  AccountIndexQuery,
  MerchantIndexQuery,
  TransactionIndexQuery,
} from '#/api/local-index';

export type Filters<Q> = { [K in keyof Q]?: unknown };

export const findKeys = {
  all: ['index'] as const,
  merchants: (q: Filters<MerchantIndexQuery>) => ['index', 'merchants', q] as const,
  accounts: (q: Filters<AccountIndexQuery>) => ['index', 'accounts', q] as const,
  transactions: (q: Filters<TransactionIndexQuery>) => ['index', 'transactions', q] as const,
  search: (q: string) => ['index', 'search', q] as const,
  status: ['index', 'status'] as const,
  views: ['index', 'views'] as const,
};
