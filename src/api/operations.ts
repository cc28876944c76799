// Every operation of the API, described once. The sandbox registers its handlers against these
// entries, the typed client calls them, and the OpenAPI document is generated from them.
import { z } from 'zod';
import { IdParams, PageQuery, page } from './schemas/common';
import {
  Agreement,
  AgreementAccept,
  AgreementList,
  KycDocumentAdd,
  KycDocuments,
  Merchant,
  SentMerchant,
  MerchantCreate,
  MerchantUpdate,
} from './schemas/merchant';
import {
  PayoutAccount,
  SentPayoutAccount,
  PayoutAccountCreate,
  PayoutAccountListQuery,
  PayoutAccountUpdate,
} from './schemas/payout-account';
import {
  Deleted,
  EventListQuery,
  EventWithAttempts,
  Fault,
  FaultCreate,
  LoggedRequest,
  Moves,
  MovesQuery,
  MoveTarget,
  RequestIdParams,
  RequestLogQuery,
  StoredFile,
  Webhook,
  WebhookCreate,
  WebhookList,
  WebhookTestRequest,
  WebhookTestResult,
} from './schemas/platform';
import {
  SandboxReset,
  Scenario,
  ScenarioLoad,
  ScenarioLoaded,
  ScenarioPreset,
} from './schemas/scenario';
import { CountryList, CurrencyList } from './schemas/reference';
import {
  type TransactionOperationName,
  transactionOperationId,
} from './transaction-operation-names';
import {
  CancelRequest,
  CollectionCreate,
  CollectionDepositApproval,
  DepositApproval,
  PayoutConfirmation,
  Price,
  PriceRequest,
  PRODUCTS,
  type Product,
  SENT_TRANSACTION,
  Transaction,
  TransactionCreate,
  TransactionListQuery,
} from './schemas/transaction';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface OperationDef {
  id: string;
  method: Method;
  /** Path below {base_url}, with `{id}` for the path parameter. */
  path: string;
  summary: string;
  tag: string;
  /**
   * `spec`: shown by the specification; `design`: path or payload chosen where it is silent
   * (docs/decisions/014); `sandbox`: a sandbox console extension under /v1/sandbox/, not part of
   * the live API (docs/decisions/023).
   */
  source: 'spec' | 'design' | 'sandbox';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body may be left out entirely. */
  bodyOptional?: boolean;
  /** The body is multipart/form-data with one `file` part. */
  multipart?: boolean;
  /** What the document says of it besides its summary: rules its schemas cannot state. */
  description?: string;
  /** Names a record in its query or body (not its path): 404 when there is none. */
  namesRecord?: boolean;
  /** A POST that changes nothing (a price look-up): the audit trail does not list it. */
  readOnly?: boolean;
  /** The response schema; `binary` for a file download; `event-stream` for server-sent events. */
  response: z.ZodType | 'binary' | 'event-stream';
  /**
   * The response as the sandbox sends it and its document states it, where that is narrower than
   * `response` (which clients of the live service read with): docs/decisions/039.
   */
  sent?: z.ZodType;
}

function define<const O extends OperationDef>(operation: O): O {
  return operation;
}

const TransactionPage = page(Transaction);

const PRODUCT_LABEL: Record<Product, { tag: string; noun: string; a: string }> = {
  sendc2f: { tag: 'Payouts (crypto to fiat)', noun: 'payout', a: 'a' },
  sendf2f: { tag: 'End to end (fiat to fiat)', noun: 'end to end', a: 'an' },
  receive: { tag: 'Collections (fiat to fiat)', noun: 'collection', a: 'a' },
};

function productOperations<const P extends Product>(product: P) {
  const { tag, noun, a } = PRODUCT_LABEL[product];
  const base = `/v1/${product}`;
  const sent = SENT_TRANSACTION[product];
  const byId = { params: IdParams, response: Transaction, sent, tag } as const;
  return {
    price: define({
      id: transactionOperationId(product, 'price'),
      method: 'POST',
      path: `${base}/price`,
      summary: `Calculate the FX rate and deposit amount of ${a} ${noun} transaction`,
      tag,
      source: product === 'receive' ? 'design' : 'spec',
      body: PriceRequest,
      response: Price,
      readOnly: true,
    }),
    create: define({
      id: transactionOperationId(product, 'create'),
      method: 'POST',
      path: `${base}/`,
      summary: `Create ${a} ${noun} transaction`,
      tag,
      source: product === 'sendf2f' ? 'design' : 'spec',
      body: product === 'receive' ? CollectionCreate : TransactionCreate,
      response: Transaction,
      sent,
    }),
    get: define({
      id: transactionOperationId(product, 'get'),
      method: 'GET',
      path: `${base}/{id}`,
      summary: `Get ${a} ${noun} transaction by id`,
      source: product === 'sendf2f' ? 'design' : 'spec',
      ...byId,
    }),
    list: define({
      id: transactionOperationId(product, 'list'),
      method: 'GET',
      path: `${base}/`,
      summary: `List ${noun} transactions, newest first`,
      tag,
      source: product === 'sendc2f' ? 'spec' : 'design',
      query: TransactionListQuery,
      response: TransactionPage,
      sent: page(sent),
    }),
    approveQuote: define({
      id: transactionOperationId(product, 'approveQuote'),
      method: 'POST',
      path: `${base}/approveQuote/{id}`,
      summary: `Approve the quote of ${a} ${noun} transaction`,
      source: product === 'sendc2f' ? 'spec' : 'design',
      ...byId,
    }),
    approveDeposit: define({
      id: transactionOperationId(product, 'approveDeposit'),
      method: 'POST',
      path: `${base}/approveDeposit/{id}`,
      summary: `Approve the deposit of ${a} ${noun} transaction`,
      source: product === 'sendf2f' ? 'design' : 'spec',
      body:
        product === 'receive'
          ? CollectionDepositApproval
          : product === 'sendf2f'
            ? DepositApproval
            : undefined,
      bodyOptional: product !== 'receive',
      ...byId,
    }),
    cancel: define({
      id: transactionOperationId(product, 'cancel'),
      method: 'POST',
      path: `${base}/cancel/{id}`,
      summary: `Cancel ${a} ${noun} transaction that has not been processed`,
      source: product === 'sendc2f' ? 'design' : 'spec',
      body: CancelRequest,
      bodyOptional: true,
      ...byId,
    }),
  };
}

export const transactionOperations = {
  sendc2f: productOperations('sendc2f'),
  sendf2f: productOperations('sendf2f'),
  receive: productOperations('receive'),
};

/** Each transaction operation's product and name (`create`, `approveQuote`…), by operation id. */
export const TRANSACTION_OPERATION_OF: ReadonlyMap<
  string,
  { product: Product; name: TransactionOperationName }
> = new Map(
  (Object.keys(transactionOperations) as Product[]).flatMap((product) =>
    (
      Object.entries(transactionOperations[product]) as [TransactionOperationName, OperationDef][]
    ).map(([name, op]) => [op.id, { product, name }] as const),
  ),
);

export const operations = {
  listCurrencies: define({
    id: 'listCurrencies',
    method: 'GET',
    path: '/v1/currency/',
    summary: 'List currencies with their send capabilities',
    tag: 'Reference data',
    source: 'spec',
    response: CurrencyList,
  }),
  listCountries: define({
    id: 'listCountries',
    method: 'GET',
    path: '/v1/country/',
    summary: 'List ISO 3166-1 countries',
    tag: 'Reference data',
    source: 'design',
    response: CountryList,
  }),
  createMerchant: define({
    id: 'createMerchant',
    method: 'POST',
    path: '/v1/business/',
    summary: 'Create a merchant: a customer, or a contact of a customer',
    tag: 'Merchants',
    source: 'spec',
    body: MerchantCreate,
    response: Merchant,
    sent: SentMerchant,
  }),
  updateMerchant: define({
    id: 'updateMerchant',
    method: 'PUT',
    path: '/v1/business/{id}',
    summary: 'Update a merchant',
    tag: 'Merchants',
    source: 'spec',
    params: IdParams,
    body: MerchantUpdate,
    response: Merchant,
    sent: SentMerchant,
  }),
  getMerchant: define({
    id: 'getMerchant',
    method: 'GET',
    path: '/v1/business/{id}',
    summary: 'Get a merchant by id',
    tag: 'Merchants',
    source: 'design',
    params: IdParams,
    response: Merchant,
    sent: SentMerchant,
  }),
  listMerchants: define({
    id: 'listMerchants',
    method: 'GET',
    path: '/v1/business/',
    summary: 'List merchants, newest first',
    tag: 'Merchants',
    source: 'spec',
    query: PageQuery,
    response: page(Merchant),
    sent: page(SentMerchant),
  }),
  listAgreements: define({
    id: 'listAgreements',
    method: 'GET',
    path: '/v1/business/{id}/agreements',
    summary: "List the legal agreements of a merchant's onboarding",
    tag: 'Onboarding',
    source: 'design',
    params: IdParams,
    response: AgreementList,
  }),
  listMerchantDocuments: define({
    id: 'listMerchantDocuments',
    method: 'GET',
    path: '/v1/business/{id}/documents',
    summary: "The KYC documents a merchant's review asks for, and those given",
    description:
      'Where the specification only names an upload operation: the documents are files uploaded with POST /v1/file/ and given to a merchant here (docs/decisions/073). While the KYC status is ACTION_NEEDED, `actionNeeded` says what the review asks for.',
    tag: 'Onboarding',
    source: 'design',
    params: IdParams,
    response: KycDocuments,
  }),
  addMerchantDocument: define({
    id: 'addMerchantDocument',
    method: 'POST',
    path: '/v1/business/{id}/documents',
    summary: 'Give a merchant a KYC document: a file uploaded with POST /v1/file/',
    description:
      'Taken while the KYC status is NEW, PENDING or ACTION_NEEDED (else ONBOARDING_NOT_ALLOWED); `fileId` must be a file this partner uploaded.',
    tag: 'Onboarding',
    source: 'design',
    namesRecord: true,
    params: IdParams,
    body: KycDocumentAdd,
    response: KycDocuments,
  }),
  acceptAgreements: define({
    id: 'acceptAgreements',
    method: 'POST',
    path: '/v1/business/{id}/agreements/accept',
    summary: 'Accept legal agreements for a merchant',
    tag: 'Onboarding',
    source: 'design',
    params: IdParams,
    body: AgreementAccept,
    response: z.array(Agreement),
  }),
  submitOnboarding: define({
    id: 'submitOnboarding',
    method: 'POST',
    path: '/v1/business/{id}/onboarding',
    summary: "Submit a merchant's onboarding for review",
    tag: 'Onboarding',
    source: 'design',
    params: IdParams,
    response: Merchant,
    sent: SentMerchant,
  }),
  createPayoutAccount: define({
    id: 'createPayoutAccount',
    method: 'POST',
    path: '/v1/businessExternalAccount/',
    summary: 'Create a payout account for a merchant',
    tag: 'Payout accounts',
    source: 'design',
    body: PayoutAccountCreate,
    response: PayoutAccount,
    sent: SentPayoutAccount,
  }),
  updatePayoutAccount: define({
    id: 'updatePayoutAccount',
    method: 'PUT',
    path: '/v1/businessExternalAccount/{id}',
    summary: 'Update a payout account',
    tag: 'Payout accounts',
    source: 'spec',
    params: IdParams,
    body: PayoutAccountUpdate,
    response: PayoutAccount,
    sent: SentPayoutAccount,
  }),
  getPayoutAccount: define({
    id: 'getPayoutAccount',
    method: 'GET',
    path: '/v1/businessExternalAccount/{id}',
    summary: 'Get a payout account by id',
    tag: 'Payout accounts',
    source: 'spec',
    params: IdParams,
    response: PayoutAccount,
    sent: SentPayoutAccount,
  }),
  listPayoutAccounts: define({
    id: 'listPayoutAccounts',
    method: 'GET',
    path: '/v1/businessExternalAccount/',
    summary: 'List payout accounts, newest first, by merchant or currency',
    tag: 'Payout accounts',
    source: 'spec',
    query: PayoutAccountListQuery,
    response: page(PayoutAccount),
    sent: page(SentPayoutAccount),
  }),
  getPayoutConfirmation: define({
    id: 'getPayoutConfirmation',
    method: 'GET',
    path: '/v1/sendc2f/confirmation/{id}',
    summary: 'Get the confirmation of a completed payout',
    tag: PRODUCT_LABEL.sendc2f.tag,
    source: 'design',
    params: IdParams,
    response: PayoutConfirmation,
  }),
  uploadFile: define({
    id: 'uploadFile',
    method: 'POST',
    path: '/v1/file/',
    summary: 'Upload a PDF, PNG or JPEG file of at most 10 MB',
    tag: 'Files',
    source: 'design',
    multipart: true,
    response: StoredFile,
  }),
  getFile: define({
    id: 'getFile',
    method: 'GET',
    path: '/v1/file/{id}',
    summary: 'Download a file uploaded by this partner',
    tag: 'Files',
    source: 'design',
    params: IdParams,
    response: 'binary',
  }),
  createWebhook: define({
    id: 'createWebhook',
    method: 'POST',
    path: '/v1/webhook/',
    summary: 'Add a webhook endpoint; the answer holds its signing secret',
    tag: 'Webhooks and events',
    source: 'design',
    body: WebhookCreate,
    response: Webhook,
  }),
  listWebhooks: define({
    id: 'listWebhooks',
    method: 'GET',
    path: '/v1/webhook/',
    summary: 'List webhook endpoints, secrets masked',
    tag: 'Webhooks and events',
    source: 'design',
    response: WebhookList,
  }),
  rotateWebhookSecret: define({
    id: 'rotateWebhookSecret',
    method: 'POST',
    path: '/v1/webhook/{id}/secret',
    summary:
      'Give an endpoint a new signing secret; the answer holds it, and the old one signs nothing from now on',
    tag: 'Webhooks and events',
    source: 'design',
    params: IdParams,
    response: Webhook,
  }),
  deleteWebhook: define({
    id: 'deleteWebhook',
    method: 'DELETE',
    path: '/v1/webhook/{id}',
    summary: 'Delete a webhook endpoint',
    tag: 'Webhooks and events',
    source: 'design',
    params: IdParams,
    response: Deleted,
  }),
  testWebhook: define({
    id: 'testWebhook',
    method: 'POST',
    path: '/v1/webhook/{id}/test',
    summary:
      'Send one signed test event to an endpoint now (webhook.test, or any event type about your newest record of its kind), and say how it went',
    tag: 'Webhooks and events',
    source: 'design',
    params: IdParams,
    body: WebhookTestRequest,
    bodyOptional: true,
    response: WebhookTestResult,
  }),
  listEvents: define({
    id: 'listEvents',
    method: 'GET',
    path: '/v1/event/',
    summary: 'List events, newest first, with their delivery attempts',
    tag: 'Webhooks and events',
    source: 'design',
    query: EventListQuery,
    response: page(EventWithAttempts),
  }),
  resendEvent: define({
    id: 'resendEvent',
    method: 'POST',
    path: '/v1/event/{id}/resend',
    summary: 'Deliver an event again to every webhook endpoint',
    tag: 'Webhooks and events',
    source: 'design',
    params: IdParams,
    response: EventWithAttempts,
  }),
};

/** Every operation, flat: what the OpenAPI document and the route-coverage test walk. */
/** The sandbox console's own operations (docs/decisions/023): in the sandbox only. */
export const sandboxOperations = {
  listRequests: define({
    id: 'listRequests',
    method: 'GET',
    path: '/v1/sandbox/requests/',
    summary: 'Search the requests this partner made, newest first',
    tag: 'Sandbox console',
    source: 'sandbox',
    query: RequestLogQuery,
    response: page(LoggedRequest),
  }),
  getRequest: define({
    id: 'getRequest',
    method: 'GET',
    path: '/v1/sandbox/requests/{requestId}',
    summary: 'One logged request, by its request id',
    tag: 'Sandbox console',
    source: 'sandbox',
    params: RequestIdParams,
    response: LoggedRequest,
  }),
  listFaults: define({
    id: 'listFaults',
    method: 'GET',
    path: '/v1/sandbox/faults/',
    summary: 'The faults switched on for this partner',
    tag: 'Sandbox console',
    source: 'sandbox',
    response: z.array(Fault),
  }),
  createFault: define({
    id: 'createFault',
    method: 'POST',
    path: '/v1/sandbox/faults/',
    summary: "Make an operation's next requests fail: 500, 503 with Retry-After, or no answer",
    tag: 'Sandbox console',
    source: 'sandbox',
    body: FaultCreate,
    response: Fault,
  }),
  deleteFault: define({
    id: 'deleteFault',
    method: 'DELETE',
    path: '/v1/sandbox/faults/{id}',
    summary: 'Switch a fault off',
    tag: 'Sandbox console',
    source: 'sandbox',
    params: IdParams,
    response: Deleted,
  }),
  streamEvents: define({
    id: 'streamEvents',
    method: 'GET',
    path: '/v1/sandbox/events/stream',
    summary:
      'Server-sent events: each new event of this partner, and each one resent, as it happens (what `listen` forwards)',
    tag: 'Sandbox console',
    source: 'sandbox',
    response: 'event-stream',
  }),
  listMoves: define({
    id: 'listMoves',
    method: 'GET',
    path: '/v1/sandbox/moves/',
    summary:
      "The automatic moves waiting (KYC reviews, quotes, settlements), and whether they're held",
    tag: 'Sandbox console',
    source: 'sandbox',
    query: MovesQuery,
    description: 'objectType and objectId go together: give both, or neither for every move.',
    namesRecord: true,
    response: Moves,
  }),
  runMove: define({
    id: 'runMove',
    method: 'POST',
    path: '/v1/sandbox/moves/run',
    summary: "Do a record's waiting automatic move now",
    tag: 'Sandbox console',
    source: 'sandbox',
    body: MoveTarget,
    namesRecord: true,
    response: Moves,
  }),
  holdMoves: define({
    id: 'holdMoves',
    method: 'POST',
    path: '/v1/sandbox/moves/hold',
    summary: 'Hold every automatic move of this partner until released',
    tag: 'Sandbox console',
    source: 'sandbox',
    response: Moves,
  }),
  releaseMoves: define({
    id: 'releaseMoves',
    method: 'POST',
    path: '/v1/sandbox/moves/release',
    summary: 'Release held moves: what fell due meanwhile happens at once',
    tag: 'Sandbox console',
    source: 'sandbox',
    response: Moves,
  }),
  listScenarios: define({
    id: 'listScenarios',
    method: 'GET',
    path: '/v1/sandbox/scenarios/',
    summary: 'The named scenarios this sandbox can build',
    tag: 'Sandbox console',
    source: 'sandbox',
    response: z.array(ScenarioPreset),
  }),
  exportScenario: define({
    id: 'exportScenario',
    method: 'GET',
    path: '/v1/sandbox/scenarios/export',
    summary: "This partner's records as a scenario file, to load anywhere",
    tag: 'Sandbox console',
    source: 'sandbox',
    response: Scenario,
  }),
  loadScenario: define({
    id: 'loadScenario',
    method: 'POST',
    path: '/v1/sandbox/scenarios/load',
    summary:
      'Build a preset or a scenario file through the ordinary operations, all of it or nothing',
    tag: 'Sandbox console',
    source: 'sandbox',
    body: ScenarioLoad,
    response: ScenarioLoaded,
  }),
  resetSandbox: define({
    id: 'resetSandbox',
    method: 'POST',
    path: '/v1/sandbox/reset',
    summary:
      'Delete every record of this partner (merchants, accounts, transactions, events, files); credentials and webhook endpoints stay',
    tag: 'Sandbox console',
    source: 'sandbox',
    response: SandboxReset,
  }),
};

/** The kinds of record the partner's API answers with one at a time. */
export type RecordKind = 'merchant' | 'account' | Product;

/** Which record an operation answers with; undefined for pages and the rest. */
export function recordKindOf(op: Pick<OperationDef, 'path' | 'response'>): RecordKind | undefined {
  if (op.response === Merchant) return 'merchant';
  if (op.response === PayoutAccount) return 'account';
  if (op.response === Transaction) {
    const product = op.path.split('/')[2];
    return PRODUCTS.find((p) => p === product);
  }
  return undefined;
}

/** The path below {base_url} under which every operation of the partner's API lives. */
export const API_VERSION_PATH = '/v1';

export const allOperations: OperationDef[] = [
  ...Object.values(operations),
  ...Object.values(sandboxOperations),
  ...Object.values(transactionOperations).flatMap((ops) => Object.values(ops)),
];
