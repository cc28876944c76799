// Test support: a sandbox on a fresh in-memory database with two partners, and request helpers.
import type { DirectReader } from './direct';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { createSandboxServer, type SandboxHandles } from './app';
import type { SandboxSettings } from './domain/context';
import { createPartner, type Credentials } from './domain/partners';
import { createStore, type Store } from './store';
import { openDatabase } from './store/db';
import type { MerchantFields } from './store/merchants';
import type { z } from 'zod';
import { operations } from '#/api/operations';
import type { Merchant } from '#/api/schemas/merchant';
import type { PayoutAccount } from '#/api/schemas/payout-account';

export const FAST_SETTINGS: SandboxSettings = {
  kycReviewDelayMs: 50,
  quoteDelayMs: 50,
  settlementDelayMs: 50,
  webhookRetryBaseMs: 50,
  webhookMaxAttempts: 8,
  webhookTimeoutMs: 1000,
  webhookAllowPrivate: true,
};

/** An hour's delays: nothing moves by itself while a test looks, unless asked. */
export const SLOW_MOVES: Partial<SandboxSettings> = {
  quoteDelayMs: 3_600_000,
  settlementDelayMs: 3_600_000,
  kycReviewDelayMs: 3_600_000,
};

export interface TestSandbox {
  app: FastifyInstance;
  store: Store;
  alice: Credentials & { id: number };
  bob: Credentials & { id: number };
  /** Sends a request as `who` (Alice unless told otherwise). */
  request(options: InjectOptions & { as?: Credentials | null }): Promise<LightMyRequestResponse>;
  /** `request` in short: a method, a URL and (for a write) its JSON body, as Alice. */
  send(
    method: InjectOptions['method'],
    url: string,
    payload?: InjectOptions['payload'],
  ): Promise<LightMyRequestResponse>;
  handles: SandboxHandles;
  /** The reader the embedded sandbox answers GETs with (./direct.ts). */
  direct: DirectReader;
  close(): Promise<void>;
}

export async function createTestSandbox(
  options: {
    settings?: Partial<SandboxSettings>;
    rateLimit?: number;
    file?: string;
    now?: () => number;
    /** The partners of an earlier sandbox on the same file (a restart). */
    partners?: Pick<TestSandbox, 'alice' | 'bob'>;
  } = {},
): Promise<TestSandbox> {
  const store = createStore(openDatabase(options.file ?? ':memory:'));
  const alice = options.partners?.alice ?? createPartner(store, 'Alice Payments', Date.now());
  const bob = options.partners?.bob ?? createPartner(store, 'Bob Remit', Date.now());
  let handles: SandboxHandles | undefined;
  let direct: DirectReader | undefined;
  const app = await createSandboxServer({
    expose: (h) => {
      handles = h;
    },
    directReads: (read) => {
      direct = read;
    },
    store,
    publicUrl: () => 'http://localhost:80',
    settings: { ...FAST_SETTINGS, ...options.settings },
    rateLimit: options.rateLimit ?? 1_000_000,
    ...(options.now ? { now: options.now } : {}),
  });
  await app.ready();
  const request: TestSandbox['request'] = ({ as, headers, ...rest }) => {
    const who = as === undefined ? alice : as;
    return app.inject({
      ...rest,
      headers: {
        ...(who ? { 'x-api-key': who.apiKey, 'x-api-secret': who.apiSecret } : {}),
        ...headers,
      },
    });
  };
  return {
    app,
    store,
    alice,
    bob,
    handles: handles!,
    direct: direct!,
    request,
    send: (method, url, payload) =>
      request({ method, url, ...(payload === undefined ? {} : { payload }) }),
    async close() {
      await app.close();
      store.db.close();
    },
  };
}

/** A new sandbox on the database file of `earlier`, as after a restart. */
export function reopenTestSandbox(file: string, earlier: Pick<TestSandbox, 'alice' | 'bob'>) {
  return createTestSandbox({ file, partners: { alice: earlier.alice, bob: earlier.bob } });
}

/** A merchant body that passes validation; override what a test is about. */
export function merchantBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Lumen Textiles GmbH',
    localRegNumber: 'HRB 204518',
    countryIso: 'DE',
    state: 'Berlin',
    city: 'Berlin',
    address: 'Torstraße',
    streetNumber: '112',
    zipcode: '10119',
    contactName: 'Miriam Vogel',
    contactEmail: 'miriam@lumen.example',
    contactPhonePrefix: '49',
    contactPhone: '3012345678',
    industry: 'GARMENTS' as const,
    ...overrides,
  };
}

export function payoutAccountBody(businessId: number, overrides: Record<string, unknown> = {}) {
  return {
    businessId,
    currencySymbol: 'EUR',
    accountHolderName: 'Lumen Textiles GmbH',
    bankName: 'Deutsche Bank',
    countryIso: 'DE',
    iban: 'DE89 3704 0044 0532 0130 00',
    swiftCode: 'deutdeff',
    ...overrides,
  };
}

/**
 * Sends a creating operation's body as `as` (Alice by default) and answers the record made, read
 * by the operation's own schema; a refusal fails the test.
 */
async function created<S extends z.ZodType>(
  sandbox: TestSandbox,
  operation: { id: string; method: 'POST'; path: string; response: S },
  payload: Record<string, unknown>,
  as: Credentials | undefined,
): Promise<z.output<S>> {
  const response = await sandbox.request({
    method: operation.method,
    url: operation.path,
    payload,
    ...(as ? { as } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`${operation.id} refused: ${response.body}`);
  return operation.response.parse(response.json());
}

/** Creates a merchant for `as` (Alice by default) and answers it; a refusal fails the test. */
export const createMerchant = (
  sandbox: TestSandbox,
  overrides: Record<string, unknown> = {},
  as?: Credentials,
): Promise<Merchant> => created(sandbox, operations.createMerchant, merchantBody(overrides), as);

/** Creates a payout account of `businessId` for `as` (Alice by default) and answers it. */
export const createPayoutAccount = (
  sandbox: TestSandbox,
  businessId: number,
  overrides: Record<string, unknown> = {},
  as?: Credentials,
): Promise<PayoutAccount> =>
  created(sandbox, operations.createPayoutAccount, payoutAccountBody(businessId, overrides), as);

/** A small file a PDF reader opens: what tests upload. */
export const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A multipart/form-data body of these parts, and its content type. */
export function multipart(
  parts: Array<{ name: string; filename?: string; type?: string; data: Buffer | string }>,
) {
  const boundary = '----sandbox-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Uploads a file for `as` (Alice by default) with POST /v1/file/ and answers it. */
export async function uploadedFile(
  sandbox: TestSandbox,
  fileName = 'document.pdf',
  data: Buffer = SAMPLE_PDF,
  as?: Credentials,
) {
  const body = multipart([{ name: 'file', filename: fileName, data }]);
  const response = await sandbox.request({
    method: 'POST',
    url: '/v1/file/',
    payload: body.payload,
    headers: body.headers,
    ...(as ? { as } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`uploadFile refused: ${response.body}`);
  return operations.uploadFile.response.parse(response.json());
}

/** Every row of every table: compared before and after a refused request. */
export function snapshot(store: Store): string {
  const tables = store.db
    .prepare<[], { name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )
    .all();
  return JSON.stringify(
    tables.map(({ name }) => [name, store.db.prepare(`SELECT * FROM "${name}"`).all()]),
  );
}

export interface Parties {
  merchantId: number;
  accounts: Record<'EUR' | 'USD' | 'GBP' | 'JPY', number>;
}

/** A VALID merchant with ACTIVE payout accounts in EUR, USD, GBP and JPY, for `who`. */
export async function createParties(sandbox: TestSandbox, who?: Credentials): Promise<Parties> {
  const as = who ?? sandbox.alice;
  const merchantId = (await createMerchant(sandbox, { localRegNumber: 'HRB 1|VALID' }, as)).id;
  const accounts = {} as Parties['accounts'];
  for (const currencySymbol of ['EUR', 'USD', 'GBP', 'JPY'] as const) {
    const account = await createPayoutAccount(
      sandbox,
      merchantId,
      { currencySymbol, iban: undefined, accountNumber: `ACC-${currencySymbol}|ACTIVE` },
      as,
    );
    accounts[currencySymbol] = account.id;
  }
  return { merchantId, accounts };
}

/** A transaction body for `product` paying `toAmount` into the account in `currency`. */
export function transactionBody(
  parties: Parties,
  product: 'sendc2f' | 'sendf2f' | 'receive',
  overrides: Record<string, unknown> = {},
  currency: keyof Parties['accounts'] = 'EUR',
) {
  return {
    fromBusinessId: parties.merchantId,
    toBusinessExternalAccountId: parties.accounts[currency],
    fromCurrencySymbol: product === 'sendc2f' ? 'USDT(TRC20)' : 'USD',
    toAmount: '1000.00',
    purpose: 'GOODS_PURCHASE',
    ...overrides,
  };
}

/** A merchant's stored fields, for tests of the store itself; override what a test is about. */
export function merchantFields(
  name: string,
  overrides: Partial<MerchantFields> = {},
): MerchantFields {
  return {
    name,
    contactOwnerBusinessId: null,
    localRegNumber: null,
    countryIso: 'DE',
    state: null,
    city: 'Berlin',
    address: 'Torstraße',
    streetNumber: '1',
    zipcode: '10119',
    kycStatus: 'NEW',
    contactName: 'A B',
    contactEmail: 'a@b.example',
    contactPhonePrefix: '49',
    contactPhone: '301234',
    industry: 'TECHNOLOGY',
    ...overrides,
  };
}
