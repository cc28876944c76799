// The partner API's typed client: one function per operation. Every response is parsed with its
// schema and every failure is thrown as an ApiError carrying the problem details (./call.ts).
import type { ScenarioLoad } from './schemas/scenario';
import type { z } from 'zod';
import {
  type OperationDef,
  operations,
  sandboxOperations,
  transactionOperations,
} from './operations';
import { answerOf, type CallInput, type CallOptions, type Callable, call, exchange } from './call';
import type { Connection } from './errors';
import { type HeldAnswer, heldAnswerOf } from './controls';

export {
  ApiError,
  buildUrl,
  call,
  type CallInput,
  type CallOptions,
  type Callable,
  callEndpoint,
  callEndpointHoldable,
  type Connection,
  pathOf,
  readProblem,
} from './call';
import type {
  AgreementAccept,
  KycDocumentAdd,
  MerchantCreate,
  MerchantUpdate,
} from './schemas/merchant';
import type { PayoutAccountCreate, PayoutAccountUpdate } from './schemas/payout-account';
import type { FaultCreate, MoveTarget, WebhookCreate } from './schemas/platform';
import type {
  CancelRequest,
  CollectionCreate,
  CollectionDepositApproval,
  DepositApproval,
  PriceRequest,
  Product,
  TransactionCreate,
} from './schemas/transaction';

type QueryOf<O extends OperationDef> = O['query'] extends z.ZodType
  ? { [K in keyof z.output<O['query']>]?: z.output<O['query']>[K] }
  : never;

/**
 * Calls an operation of the API that the dashboard's money controls may hold
 * (docs/decisions/025): the API's answer, or, answered 202, what now waits for approvers, as
 * its declaration in src/api/controls.ts (`heldAnswerOf`) says.
 */
export async function callHoldable<O extends Callable & { response: z.ZodType }>(
  conn: Connection,
  op: O,
  input: CallInput,
  options: CallOptions = {},
): Promise<{ held: HeldAnswer } | { answer: z.output<O['response']> }> {
  const held = heldAnswerOf(op.id);
  if (!held) throw new Error(`${op.id} is not an operation the money controls hold.`);
  const sent = await exchange(conn, op, input, options);
  return sent.response.status === 202
    ? { held: await answerOf(op, held, sent) }
    : { answer: (await answerOf(op, op.response, sent)) as z.output<O['response']> };
}

type PageParams = QueryOf<typeof operations.listMerchants>;

// Reference data
export const listCurrencies = (c: Connection) => call(c, operations.listCurrencies);
export const listCountries = (c: Connection) => call(c, operations.listCountries);

// Merchants and onboarding
export const createMerchant = (c: Connection, body: MerchantCreate, o?: CallOptions) =>
  call(c, operations.createMerchant, { body }, o);
export const updateMerchant = (c: Connection, id: number, body: MerchantUpdate) =>
  call(c, operations.updateMerchant, { params: { id }, body });
export const getMerchant = (c: Connection, id: number) =>
  call(c, operations.getMerchant, { params: { id } });
export const listMerchants = (c: Connection, query: PageParams = {}) =>
  call(c, operations.listMerchants, { query });
export const listAgreements = (c: Connection, id: number) =>
  call(c, operations.listAgreements, { params: { id } });
export const acceptAgreements = (c: Connection, id: number, body: AgreementAccept) =>
  call(c, operations.acceptAgreements, { params: { id }, body });
export const listMerchantDocuments = (c: Connection, id: number) =>
  call(c, operations.listMerchantDocuments, { params: { id } });
export const addMerchantDocument = (c: Connection, id: number, body: KycDocumentAdd) =>
  call(c, operations.addMerchantDocument, { params: { id }, body });
export const submitOnboarding = (c: Connection, id: number) =>
  call(c, operations.submitOnboarding, { params: { id } });

// Payout accounts
export const createPayoutAccount = (c: Connection, body: PayoutAccountCreate, o?: CallOptions) =>
  call(c, operations.createPayoutAccount, { body }, o);
export const updatePayoutAccount = (c: Connection, id: number, body: PayoutAccountUpdate) =>
  call(c, operations.updatePayoutAccount, { params: { id }, body });
export const getPayoutAccount = (c: Connection, id: number) =>
  call(c, operations.getPayoutAccount, { params: { id } });
export const listPayoutAccounts = (
  c: Connection,
  query: QueryOf<typeof operations.listPayoutAccounts> = {},
) => call(c, operations.listPayoutAccounts, { query });

// Transactions, for each product
export type TransactionListParams = QueryOf<typeof transactionOperations.sendc2f.list>;
export type TransactionCreateBody<P extends Product> = P extends 'receive'
  ? CollectionCreate
  : TransactionCreate;
export type DepositApprovalBody<P extends Product> = P extends 'receive'
  ? CollectionDepositApproval
  : P extends 'sendf2f'
    ? DepositApproval
    : undefined;

export const calculatePrice = (c: Connection, product: Product, body: PriceRequest) =>
  call(c, transactionOperations[product].price, { body });
export const createTransaction = <P extends Product>(
  c: Connection,
  product: P,
  body: TransactionCreateBody<P>,
  o?: CallOptions,
) => call(c, transactionOperations[product].create, { body }, o);
export const getTransaction = (c: Connection, product: Product, id: number) =>
  call(c, transactionOperations[product].get, { params: { id } });
export const listTransactions = (
  c: Connection,
  product: Product,
  query: TransactionListParams = {},
  o?: CallOptions,
) => call(c, transactionOperations[product].list, { query }, o);
export const approveQuote = (c: Connection, product: Product, id: number, o?: CallOptions) =>
  call(c, transactionOperations[product].approveQuote, { params: { id } }, o);
export const approveDeposit = <P extends Product>(
  c: Connection,
  product: P,
  id: number,
  body?: DepositApprovalBody<P>,
  o?: CallOptions,
) => call(c, transactionOperations[product].approveDeposit, { params: { id }, body }, o);
export const cancelTransaction = (
  c: Connection,
  product: Product,
  id: number,
  body?: CancelRequest,
  o?: CallOptions,
) => call(c, transactionOperations[product].cancel, { params: { id }, body }, o);
export const getPayoutConfirmation = (c: Connection, id: number) =>
  call(c, operations.getPayoutConfirmation, { params: { id } });

// Files
export function uploadFile(c: Connection, file: Blob, fileName: string, o?: CallOptions) {
  const form = new FormData();
  form.append('file', file, fileName);
  return call(c, operations.uploadFile, { form }, o);
}
export const getFile = (c: Connection, id: number) =>
  call(c, operations.getFile, { params: { id } });

// Webhooks and events
export const createWebhook = (c: Connection, body: WebhookCreate) =>
  call(c, operations.createWebhook, { body });
export const listWebhooks = (c: Connection) => call(c, operations.listWebhooks);
export const rotateWebhookSecret = (c: Connection, id: number) =>
  call(c, operations.rotateWebhookSecret, { params: { id } });

export const deleteWebhook = (c: Connection, id: number) =>
  call(c, operations.deleteWebhook, { params: { id } });
export const listEvents = (c: Connection, query: QueryOf<typeof operations.listEvents> = {}) =>
  call(c, operations.listEvents, { query });
export const testWebhook = (c: Connection, id: number, type = 'webhook.test') =>
  call(c, operations.testWebhook, { params: { id }, body: { type } });

export const resendEvent = (c: Connection, id: number) =>
  call(c, operations.resendEvent, { params: { id } });

// The sandbox console (docs/decisions/023)
export const listRequests = (
  c: Connection,
  query: QueryOf<typeof sandboxOperations.listRequests> = {},
) => call(c, sandboxOperations.listRequests, { query });
export const getRequest = (c: Connection, requestId: string) =>
  call(c, sandboxOperations.getRequest, { params: { requestId } });
export const listFaults = (c: Connection) => call(c, sandboxOperations.listFaults);
export const createFault = (c: Connection, body: FaultCreate) =>
  call(c, sandboxOperations.createFault, { body });
export const deleteFault = (c: Connection, id: number) =>
  call(c, sandboxOperations.deleteFault, { params: { id } });
export const listMoves = (c: Connection, target?: MoveTarget) =>
  call(c, sandboxOperations.listMoves, { query: target ? { ...target } : {} });
export const runMove = (c: Connection, target: MoveTarget) =>
  call(c, sandboxOperations.runMove, { body: target });
export const holdMoves = (c: Connection) => call(c, sandboxOperations.holdMoves);
export const releaseMoves = (c: Connection) => call(c, sandboxOperations.releaseMoves);
export const listScenarios = (c: Connection) => call(c, sandboxOperations.listScenarios);
export const exportScenario = (c: Connection) => call(c, sandboxOperations.exportScenario);
export const loadScenario = (c: Connection, body: ScenarioLoad) =>
  call(c, sandboxOperations.loadScenario, { body });
export const resetSandbox = (c: Connection) => call(c, sandboxOperations.resetSandbox);
