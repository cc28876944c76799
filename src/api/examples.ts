// Examples for the API reference and the OpenAPI document (docs/decisions/032): a request body for
// every operation that takes one, written here and checked against the operation's own schema
// (src/api/examples.test.ts), and answers made from the document's schemas with the values a
// partner would recognise. Ids are the demo sandbox's first records, so a copied example runs.
import { FILE_TYPES } from './schemas/platform';

type JsonSchema = Record<string, unknown>;

/** The id an example puts in a path (`/v1/business/1`): the demo sandbox's first record. */
export const EXAMPLE_ID = 1;

/** The demo sandbox's first merchant, as a request would give it. */
export const EXAMPLE_MERCHANT = {
  name: 'Lumen Textiles GmbH',
  localRegNumber: 'HRB 204518',
  countryIso: 'DE',
  state: null,
  city: 'Berlin',
  address: 'Torstraße',
  streetNumber: '112',
  zipcode: '10119',
  contactName: 'Miriam Vogel',
  contactEmail: 'miriam@lumentextiles.example',
  contactPhonePrefix: '49',
  contactPhone: '301234567',
  industry: 'GARMENTS',
} as const;

/** Its EUR payout account's details. */
export const EXAMPLE_ACCOUNT = {
  accountHolderName: 'Lumen Textiles GmbH',
  bankName: 'Deutsche Bank',
  iban: 'DE89370400440532013000',
  swiftCode: 'DEUTDEFF',
  countryIso: 'DE',
  city: 'Berlin',
} as const;

const transaction = {
  fromBusinessId: EXAMPLE_ID,
  toBusinessExternalAccountId: EXAMPLE_ID,
  fromCurrencySymbol: 'USDT(TRC20)',
  toAmount: '2500.00',
  purpose: 'SUPPLIER_PAYMENT',
};

const CONFIRMATION = 'https://files.partner.example/deposit-confirmation.pdf';

/** A request body for each operation that takes a JSON one, by operation id. */
export const REQUEST_EXAMPLES: Readonly<Record<string, unknown>> = {
  createMerchant: { ...EXAMPLE_MERCHANT, contactOwnerBusinessId: null },
  updateMerchant: {
    ...EXAMPLE_MERCHANT,
    city: 'Hamburg',
    zipcode: '20095',
    address: 'Jungfernstieg',
  },
  acceptAgreements: { agreementIds: [1, 2, 3] },
  addMerchantDocument: { type: 'PROOF_OF_ADDRESS', fileId: EXAMPLE_ID },
  createPayoutAccount: { businessId: EXAMPLE_ID, currencySymbol: 'EUR', ...EXAMPLE_ACCOUNT },
  updatePayoutAccount: { ...EXAMPLE_ACCOUNT, bankName: 'Deutsche Bank AG' },
  createWebhook: { url: 'https://partner.example/hooks/payments' },
  testWebhook: { type: 'webhook.test' },
  createFault: { operationId: 'getMerchant', kind: 'unavailable', count: 2, retryAfterSeconds: 5 },
  runMove: { objectType: 'transaction', objectId: EXAMPLE_ID },
  loadScenario: { preset: 'payout-awaiting-deposit', reset: false },
  sendc2fPrice: { fromCurrencySymbol: 'USDT(TRC20)', toCurrencySymbol: 'EUR', toAmount: '2500.00' },
  sendc2fCreate: transaction,
  sendc2fCancel: { reason: 'CLIENT_REQUEST' },
  sendf2fPrice: { fromCurrencySymbol: 'USD', toCurrencySymbol: 'EUR', toAmount: '2500.00' },
  sendf2fCreate: { ...transaction, fromCurrencySymbol: 'USD' },
  sendf2fApproveDeposit: { depositConfirmationUrl: CONFIRMATION },
  sendf2fCancel: { reason: 'OTHER', otherReason: 'The supplier invoiced twice.' },
  receivePrice: { fromCurrencySymbol: 'USD', toCurrencySymbol: 'EUR', toAmount: '12000.00' },
  receiveCreate: { ...transaction, fromCurrencySymbol: 'USD', toAmount: '12000.00' },
  receiveApproveDeposit: { depositConfirmationUrl: CONFIRMATION },
  receiveCancel: { reason: 'CLIENT_REQUEST' },
};

/** Values by field name: what an answer holds, as a partner would see it. */
const BY_NAME: Readonly<Record<string, unknown>> = {
  ...EXAMPLE_MERCHANT,
  ...EXAMPLE_ACCOUNT,
  ...transaction,
  id: EXAMPLE_ID,
  contactOwnerBusinessId: null,
  start: 0,
  limit: 20,
  hasMore: false,
  total: 1,
  businessId: EXAMPLE_ID,
  toBusinessId: EXAMPLE_ID,
  businessRequestId: 25,
  webhookId: 3,
  objectId: EXAMPLE_ID,
  creationTime: 1_795_125_181_035,
  lastUpdateTime: 1_795_125_181_035,
  time: 1_795_125_181_035,
  dueTime: 1_795_128_781_035,
  nextAttemptTime: null,
  acceptedTime: 1_795_125_181_035,
  heldSince: null,
  toCurrencySymbol: 'EUR',
  currencySymbol: 'EUR',
  symbol: 'EUR',
  fromAmount: '2525.252526',
  amount: '2525.252526',
  depositReceivedAmount: null,
  payout: null,
  rate: 0.99,
  clientStatus: 'OnOff_AWAITING_DEPOSIT',
  payoutStatus: 'AWAITING_DEPOSIT',
  walletAddress: 'TQ4cSandboxWallet7hPzVt1tQk9h2mXr3a',
  reference: 'PPS-25-F2EE31',
  accountNumber: 'DE89370400440532013000',
  nameOnAccount: 'Partner Payments Sandbox Ltd',
  bankAddress: '1 Example Street, London',
  url: 'https://partner.example/hooks/payments',
  secret: 'whsec_…9f3a',
  type: 'transaction.status.changed',
  eventType: 'webhook.test',
  operationId: 'getMerchant',
  requestId: '3f2a8c1e-6b0d-4e7a-9c55-2d1f0b8a7e64',
  path: '/v1/business/1',
  method: 'GET',
  fileName: 'invoice.pdf',
  contentType: FILE_TYPES[0],
  label: 'Lumen Textiles GmbH',
  ref: 'lumen',
  owner: null,
  merchant: 'lumen',
  from: 'lumen',
  to: 'lumen-eur',
  title: 'A payout awaiting its deposit',
  description:
    'A VALID customer with an ACTIVE EUR payout account and a payout awaiting its deposit.',
  version: 'v3',
  message: 'A test event from the sandbox.',
};

function resolve(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  if (typeof schema.$ref !== 'string') return schema;
  return components[schema.$ref.split('/').pop()!] ?? {};
}

/**
 * An example value of a JSON Schema: a known field's value by its name, else the schema's own
 * example, default, first enum value or constant, else a plain value of its type.
 */
export function exampleOf(
  raw: JsonSchema,
  components: Record<string, JsonSchema>,
  name?: string,
  depth = 0,
): unknown {
  const schema = resolve(raw, components);
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (Array.isArray(schema.anyOf)) {
    const options = schema.anyOf as JsonSchema[];
    const real = options.find((o) => o.type !== 'null') ?? options[0]!;
    if (name && name in BY_NAME && BY_NAME[name] === null && options.some((o) => o.type === 'null'))
      return null;
    return exampleOf(real, components, name, depth);
  }
  if (Array.isArray(schema.enum)) {
    const known = name ? BY_NAME[name] : undefined;
    return schema.enum.includes(known) ? known : schema.enum[0];
  }
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type)
    ? (schema.type as string[]).find((t) => t !== 'null')
    : (schema.type as string | undefined);
  if (type === 'object' || schema.properties) {
    if (depth > 4) return {};
    const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
    return Object.fromEntries(
      Object.entries(properties).map(([key, value]) => [
        key,
        exampleOf(value, components, key, depth + 1),
      ]),
    );
  }
  if (type === 'array') {
    if (depth > 4) return [];
    return [exampleOf((schema.items ?? {}) as JsonSchema, components, undefined, depth + 1)];
  }
  if (name && name in BY_NAME) {
    const known = BY_NAME[name];
    if (known === null && Array.isArray(schema.type) && schema.type.includes('null')) return null;
    if (known !== null && typeof known === (type === 'integer' ? 'number' : type)) return known;
  }
  if (schema.default !== undefined) return schema.default;
  if (type === 'integer' || type === 'number')
    return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
  if (type === 'boolean') return true;
  if (type === 'string') {
    if (schema.format === 'uri') return 'https://partner.example/';
    if (schema.format === 'email') return 'ops@partner.example';
    if (typeof schema.pattern === 'string' && /\\d\+\(\\\.\\d\+\)\?/.test(schema.pattern))
      return '100.00';
    return name ? `${name} value` : 'text';
  }
  if (type === 'null') return null;
  return null;
}
