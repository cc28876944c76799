// How a transaction product's operations are named and how their ids are spelled
// ("sendc2fApproveQuote"): one rule for the contract (./operations.ts) and for the table of who may
// call what (./roles.ts), which reads ids without importing the contract's schemas (the roles are
// read by the first page a browser loads: bench/README.md).
export type TransactionOperationName =
  'price' | 'create' | 'get' | 'list' | 'approveQuote' | 'approveDeposit' | 'cancel';

/** The id of a product's operation: the product, then the name with a capital. */
export const transactionOperationId = (product: string, name: TransactionOperationName) =>
  `${product}${name.charAt(0).toUpperCase()}${name.slice(1)}`;
