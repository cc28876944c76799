import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '#/api/schemas/merchant';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import type { Transaction } from '#/api/schemas/transaction';
import type { DashboardDb } from '../store/db';
import { DIALECTS, freshDashboardDb } from '../store/testing';
import { type LocalIndex, localIndex } from './store';
import { amountKey } from './terms';
import { transactionRecord } from '#/api/testing';

const merchant = (id: number, name: string, extra: Partial<Merchant> = {}): Merchant => ({
  id,
  creationTime: 1_000 + id,
  lastUpdateTime: 1_000 + id,
  name,
  contactOwnerBusinessId: null,
  localRegNumber: `HRB ${id}00`,
  countryIso: 'DE',
  kycStatus: 'VALID',
  contactName: 'Anna Example',
  contactEmail: `anna${id}@example.com`,
  ...extra,
});

const account = (id: number, businessId: number, iban: string): PayoutAccount => ({
  id,
  creationTime: 2_000 + id,
  lastUpdateTime: 2_000 + id,
  accountHolderName: `Holder ${id}`,
  bankName: 'Example Bank',
  iban,
  accountNumber: null,
  countryIso: 'DE',
  businessId,
  currencySymbol: 'EUR',
  accountStatus: 'ACTIVE',
});

const transaction = (id: number, amount: string, status: string): Transaction =>
  transactionRecord({
    businessRequestId: id,
    creationTime: 3_000 + id,
    lastUpdateTime: 3_000 + id,
    toAmount: amount,
    fromCurrencySymbol: 'USDT',
    toBusinessExternalAccountId: 10,
    toBusinessId: 2,
    clientStatus: status,
  });

describe('amount keys', () => {
  it('sort as the numbers do, without floats', () => {
    const amounts = ['10', '9.99', '100.5', '0.000001', '1000000', '100.49'];
    const sorted = [...amounts].sort((a, b) => amountKey(a).localeCompare(amountKey(b)));
    expect(sorted).toEqual(['0.000001', '9.99', '10', '100.49', '100.5', '1000000']);
  });
});

describe.each(DIALECTS)('the local index on %s', (dialect) => {
  let store: DashboardDb;
  let index: LocalIndex;
  beforeAll(async () => {
    store = await freshDashboardDb(dialect);
    index = localIndex(store);
    await index.putMerchants('sandbox', [
      merchant(1, 'Acme GmbH'),
      merchant(2, 'Zeta Trading Ltd', { kycStatus: 'ACTION_NEEDED' }),
      merchant(3, 'Acme Contact Person', { contactOwnerBusinessId: 1 }),
      merchant(4, 'Bäckerei Müller'),
    ]);
    await index.putAccounts('sandbox', [
      account(10, 2, 'DE89370400440532013000'),
      account(11, 1, 'GB29NWBK60161331926819'),
      account(12, 3, 'NL91ABNA0417164300'),
    ]);
    await index.putTransactions('sandbox', 'sendc2f', [
      transaction(100, '1250.50', 'OnOff_AWAITING_QUOTE_APPROVAL'),
      transaction(101, '99.99', 'OnOff_AWAITING_DEPOSIT'),
      transaction(102, '5000', 'OnOff_COMPLETED'),
    ]);
    // Another environment's records never show.
    await index.putMerchants('live', [merchant(1, 'Acme Live')]);
  });
  afterAll(() => store.close());

  it('finds merchants by part of a name, an email, a registration number, with accents folded', async () => {
    const names = async (q: string) =>
      (await index.merchants('sandbox', { q, start: 0, limit: 10 })).results.map((m) => m.name);
    expect(await names('acm')).toEqual(['Acme Contact Person', 'Acme GmbH']);
    expect(await names('acme gmb')).toEqual(['Acme GmbH']);
    expect(await names('anna2@example')).toEqual(['Zeta Trading Ltd']);
    expect(await names('HRB 400')).toEqual(['Bäckerei Müller']);
    expect(await names('muller')).toEqual(['Bäckerei Müller']);
    expect(await names('"; DROP TABLE x; --')).toEqual([]);
    expect(await names('nothing-like-it')).toEqual([]);
  });

  it('finds accounts by the whole IBAN or its last digits, with the merchant’s name', async () => {
    const byTail = await index.accounts('sandbox', { q: '3000', start: 0, limit: 10 });
    expect(byTail.results.map((a) => [a.id, a.merchantName])).toEqual([[10, 'Zeta Trading Ltd']]);
    const whole = await index.accounts('sandbox', {
      q: 'DE89 3704 0044 0532 0130 00',
      start: 0,
      limit: 10,
    });
    expect(whole.results.map((a) => a.id)).toEqual([10]);
  });

  it('finds transactions by their counterparties’ names: sender, recipient, account holder', async () => {
    const ids = async (q: string) =>
      (await index.transactions('sandbox', { q, start: 0, limit: 10 })).results
        .map((t) => t.businessRequestId)
        .sort();
    // Sent by merchant 1 (Acme GmbH), paid to Zeta Trading Ltd's account 10 (Holder 10).
    expect(await ids('zeta')).toEqual([100, 101, 102]);
    expect(await ids('zeta trad')).toEqual([100, 101, 102]);
    expect(await ids('acme gmbh')).toEqual([100, 101, 102]);
    expect(await ids('holder 10')).toEqual([100, 101, 102]);
    // Their own words still find them, and a name nobody has finds nothing.
    expect(await ids('1250.50')).toEqual([100]);
    expect(await ids('muller')).toEqual([]);
    // Go to… finds them too.
    expect((await index.search('sandbox', 'zeta')).transactions).toHaveLength(3);
  });

  it('lists the accounts in a merchant’s circle: its customer’s and that customer’s contacts', async () => {
    const ids = async (q: { businessId?: number; party?: number }) =>
      (await index.accounts('sandbox', { ...q, start: 0, limit: 10 })).results
        .map((a) => a.id)
        .sort();
    expect(await ids({ party: 1 })).toEqual([11, 12]);
    expect(await ids({ businessId: 1 })).toEqual([11]);
    expect(await ids({ party: 2 })).toEqual([10]);
    // A contact's circle is its owner's.
    expect(await ids({ party: 3 })).toEqual([11, 12]);
    expect(await ids({ party: 99 })).toEqual([]);
  });

  it('finds what a bulk file names: by id, registration number or name, with their circles', async () => {
    const parties = await index.batchParties('sandbox', [
      '1',
      'HRB 400',
      'zeta trading ltd',
      ' ',
      'x%',
    ]);
    // Acme by id brings its contact; Bäckerei by its number; Zeta by its name in another case.
    expect(parties.merchants.map((m) => m.id).sort()).toEqual([1, 2, 3, 4]);
    expect(parties.accounts.map((a) => a.id).sort()).toEqual([10, 11, 12]);
    // A contact named brings its customer and the customer's accounts.
    const contact = await index.batchParties('sandbox', ['Acme Contact Person']);
    expect(contact.merchants.map((m) => m.id).sort()).toEqual([1, 3]);
    expect(contact.accounts.map((a) => a.id).sort()).toEqual([11, 12]);
    expect(await index.batchParties('sandbox', ['nobody', '%', '_'])).toEqual({
      merchants: [],
      accounts: [],
      paid: [],
    });
    expect((await index.batchParties('live', ['1'])).merchants.map((m) => m.name)).toEqual([
      'Acme Live',
    ]);
  });

  it('filters, sorts and joins transactions', async () => {
    const byAmount = await index.transactions('sandbox', {
      sort: 'amount',
      order: 'asc',
      start: 0,
      limit: 10,
    });
    expect(byAmount.results.map((t) => t.toAmount)).toEqual(['99.99', '1250.50', '5000']);
    expect(byAmount.results[0]).toMatchObject({
      product: 'sendc2f',
      merchantName: 'Acme GmbH',
      recipientName: 'Zeta Trading Ltd',
      accountHolderName: 'Holder 10',
      accountTail: '3000',
    });
    const waiting = await index.transactions('sandbox', {
      awaiting: 'deposit',
      start: 0,
      limit: 10,
    });
    expect(waiting.results.map((t) => t.businessRequestId)).toEqual([101]);
    const byStatus = await index.transactions('sandbox', {
      clientStatus: ['OnOff_COMPLETED'],
      start: 0,
      limit: 10,
    });
    expect(byStatus.results.map((t) => t.businessRequestId)).toEqual([102]);
    const found = await index.transactions('sandbox', { q: '1250.5', start: 0, limit: 10 });
    expect(found.results.map((t) => t.businessRequestId)).toEqual([100]);
    const paged = await index.transactions('sandbox', { start: 1, limit: 1 });
    expect(paged).toMatchObject({ hasMore: true, results: [{ businessRequestId: 101 }] });
  });

  it('lists a customer’s contacts with the owner’s name, and filters by KYC status', async () => {
    const contacts = await index.merchants('sandbox', { ownerId: 1, start: 0, limit: 10 });
    expect(contacts.results.map((m) => [m.name, m.ownerName])).toEqual([
      ['Acme Contact Person', 'Acme GmbH'],
    ]);
    const action = await index.merchants('sandbox', {
      kycStatus: ['ACTION_NEEDED'],
      start: 0,
      limit: 10,
    });
    expect(action.results.map((m) => m.id)).toEqual([2]);
  });

  it('updates a record in place: a rename is found by the new name only', async () => {
    await index.putMerchants('sandbox', [
      merchant(4, 'Konditorei Schmidt', { lastUpdateTime: 9_999 }),
    ]);
    const search = await index.search('sandbox', 'konditorei');
    expect(search.merchants.map((m) => m.id)).toEqual([4]);
    expect((await index.search('sandbox', 'muller')).merchants).toEqual([]);
    expect(await index.counts('sandbox')).toEqual({ merchants: 4, accounts: 3, transactions: 3 });
    // A read older than what is stored (a slow event's) does not put the old name back.
    await index.putMerchants('sandbox', [
      merchant(4, 'Bäckerei Müller', { lastUpdateTime: 5_000 }),
    ]);
    expect((await index.search('sandbox', 'konditorei')).merchants.map((m) => m.id)).toEqual([4]);
    expect((await index.search('sandbox', 'muller')).merchants).toEqual([]);
  });

  it('queues transactions in progress and unchanged for a while, not those waiting on the partner', async () => {
    await index.putTransactions('sandbox', 'sendc2f', [
      transaction(103, '10', 'OnOff_IN_PROGRESS'),
    ]);
    const stalled = await index.transactions('sandbox', {
      stalledSince: 10_000,
      start: 0,
      limit: 10,
    });
    expect(stalled.results.map((t) => t.businessRequestId)).toEqual([103]);
    const recent = await index.transactions('sandbox', {
      stalledSince: 1_000,
      start: 0,
      limit: 10,
    });
    expect(recent.results).toEqual([]);
  });
});

describe.each(DIALECTS)('export pages of the local index on %s', (dialect) => {
  let store: DashboardDb;
  let index: LocalIndex;
  beforeAll(async () => {
    store = await freshDashboardDb(dialect);
    index = localIndex(store);
    // Two products with the same ids and creation times: the ties an export key must break.
    for (const product of ['sendc2f', 'sendf2f'] as const)
      await index.putTransactions(
        'sandbox',
        product,
        Array.from({ length: 25 }, (_, i) => ({
          ...transaction(i + 1, '10.00', 'OnOff_COMPLETED'),
          creationTime: 5_000 + Math.floor(i / 3),
        })),
      );
  });
  afterAll(() => store.close());

  it('walks every row once, newest first, a page at a time without an offset', async () => {
    const seen: string[] = [];
    let after;
    for (let pages = 0; pages < 20; pages++) {
      const page = await index.transactionsForExport('sandbox', {}, after, 7);
      seen.push(...page.rows.map((t) => `${t.creationTime}:${t.businessRequestId}:${t.product}`));
      if (!page.next) break;
      after = page.next;
    }
    expect(seen).toHaveLength(50);
    expect(new Set(seen).size).toBe(50);
    const times = seen.map((k) => Number(k.split(':')[0]));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('keeps the filters', async () => {
    const page = await index.transactionsForExport(
      'sandbox',
      { product: 'sendf2f' },
      undefined,
      100,
    );
    expect(page.rows).toHaveLength(25);
    expect(page.rows.every((t) => t.product === 'sendf2f')).toBe(true);
    expect(page.next).toBeUndefined();
  });
});
