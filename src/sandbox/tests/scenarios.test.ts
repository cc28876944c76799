// Scenarios (docs/decisions/024): presets built through the ordinary operations, a partner's
// records exported and loaded into another partner, a file refused whole with the field named,
// and a partner's reset.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, SCENARIO_LIMITS } from '#/api/schemas/scenario';
import { createPartner } from '../domain/partners';
import { seedDemoData } from '../seed';
import {
  createTestSandbox,
  merchantFields,
  SLOW_MOVES,
  snapshot,
  type TestSandbox,
} from '../testing';

type Credentials = { apiKey: string; apiSecret: string };
/** A record as the API answers it. */
type Rec = Record<string, unknown>;

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await createTestSandbox({ settings: SLOW_MOVES });
});
afterAll(() => sandbox.close());

const newPartner = (name: string) => createPartner(sandbox.store, name, Date.now());
const get = async (url: string, as: Credentials = sandbox.alice) =>
  (await sandbox.request({ method: 'GET', url, as })).json();
const post = (url: string, payload: object | undefined, as: Credentials = sandbox.alice) =>
  sandbox.request({ method: 'POST', url, ...(payload ? { payload } : {}), as });

/** Every record a partner can read, through the API, in the order the API lists them. */
async function recordsOf(as: Credentials) {
  const all = async (path: string) => (await get(`${path}?limit=100`, as)).results as Rec[];
  return {
    merchants: await all('/v1/business/'),
    accounts: await all('/v1/businessExternalAccount/'),
    sendc2f: await all('/v1/sendc2f/'),
    sendf2f: await all('/v1/sendf2f/'),
    receive: await all('/v1/receive/'),
  };
}

/**
 * The records with every id replaced by the record's place in its list and every time left
 * out: what "the same records, ids aside" compares. Deposit details are derived from the
 * transaction's id, so they are ids too.
 */
function idsAside(records: Awaited<ReturnType<typeof recordsOf>>) {
  const place = (list: Rec[]) => new Map(list.map((r, i) => [r.id ?? r.businessRequestId, i]));
  const merchants = place(records.merchants);
  const accounts = place(records.accounts);
  const times = [
    'creationTime',
    'lastUpdateTime',
    'quoteApprovedDate',
    'depositApprovedDate',
    'depositReceivedDate',
  ];
  const strip = (r: Rec): Rec =>
    Object.fromEntries(Object.entries(r).filter(([k]) => !times.includes(k)));
  const transactions = (list: Rec[]) =>
    list.map(({ businessRequestId: _id, bankDetails, walletDetails, ...t }) => ({
      ...strip(t),
      fromBusinessId: merchants.get(t.fromBusinessId),
      toBusinessId: merchants.get(t.toBusinessId),
      toBusinessExternalAccountId: accounts.get(t.toBusinessExternalAccountId),
      hasDepositDetails: Boolean(bankDetails ?? walletDetails),
    }));
  return {
    merchants: records.merchants.map(({ id: _id, ...m }) => ({
      ...strip(m),
      contactOwnerBusinessId:
        m.contactOwnerBusinessId == null ? null : merchants.get(m.contactOwnerBusinessId),
    })),
    accounts: records.accounts.map(({ id: _id, ...a }) => ({
      ...strip(a),
      businessId: merchants.get(a.businessId),
    })),
    sendc2f: transactions(records.sendc2f),
    sendf2f: transactions(records.sendf2f),
    receive: transactions(records.receive),
  };
}

describe('presets', () => {
  it('lists the presets by name, with what each builds', async () => {
    const presets = await get('/v1/sandbox/scenarios/');
    expect(presets.map((p: { name: string }) => p.name)).toEqual([
      'payout-awaiting-deposit',
      'payout-settling',
      'kyc-set-back',
      'merchant-under-review',
      'collection-awaiting-confirmation',
      'demo',
    ]);
    for (const preset of presets) expect(preset.description.length).toBeGreaterThan(20);
  });

  it('builds a VALID customer with an ACTIVE EUR account and a payout awaiting its deposit', async () => {
    const who = newPartner('Preset Payout');
    const loaded = await post(
      '/v1/sandbox/scenarios/load',
      { preset: 'payout-awaiting-deposit' },
      who,
    );
    expect(loaded.statusCode).toBe(200);
    const body = loaded.json();
    expect(body).toMatchObject({
      name: 'payout-awaiting-deposit',
      reset: false,
      transactions: [{ ref: 'payout', product: 'sendc2f', clientStatus: 'OnOff_AWAITING_DEPOSIT' }],
    });
    const merchant = await get(`/v1/business/${body.merchants[0].id}`, who);
    expect(merchant).toMatchObject({ name: 'Lumen Textiles GmbH', kycStatus: 'VALID' });
    const account = await get(`/v1/businessExternalAccount/${body.payoutAccounts[0].id}`, who);
    expect(account).toMatchObject({
      currencySymbol: 'EUR',
      accountStatus: 'ACTIVE',
      businessId: merchant.id,
    });
    const payout = await get(`/v1/sendc2f/${body.transactions[0].id}`, who);
    expect(payout).toMatchObject({
      clientStatus: 'OnOff_AWAITING_DEPOSIT',
      fromBusinessId: merchant.id,
      toBusinessExternalAccountId: account.id,
      toAmount: '2500.00',
    });
    expect(payout.quoteApprovedDate).toBeGreaterThan(0);
    expect(payout.walletDetails.walletAddress).toMatch(/\S/);
    // Built through the operations: each change has its event, as a client's requests would.
    const events = await get(
      `/v1/event/?objectType=transaction&objectId=${payout.businessRequestId}`,
      who,
    );
    expect(
      events.results.map((e: { data: { clientStatus: string } }) => e.data.clientStatus),
    ).toEqual(['OnOff_AWAITING_DEPOSIT', 'OnOff_AWAITING_QUOTE_APPROVAL', 'OnOff_PENDING']);
    // The automatic quote it went through left nothing waiting.
    expect(
      (
        await get(
          `/v1/sandbox/moves/?objectType=transaction&objectId=${payout.businessRequestId}`,
          who,
        )
      ).moves,
    ).toEqual([]);
  });

  it('builds a merchant under review whose review waits, and one set back', async () => {
    const who = newPartner('Preset KYC');
    const review = (
      await post('/v1/sandbox/scenarios/load', { preset: 'merchant-under-review' }, who)
    ).json();
    const id = review.merchants[0].id;
    expect((await get(`/v1/business/${id}`, who)).kycStatus).toBe('UNDER_REVIEW');
    const moves = await get(`/v1/sandbox/moves/?objectType=merchant&objectId=${id}`, who);
    expect(moves.moves).toMatchObject([{ kind: 'kyc_review', objectId: id }]);
    const setBack = (
      await post('/v1/sandbox/scenarios/load', { preset: 'kyc-set-back' }, who)
    ).json();
    const merchant = await get(`/v1/business/${setBack.merchants[0].id}`, who);
    expect(merchant.kycStatus).toBe('ACTION_NEEDED');
    // Every agreement accepted: its onboarding can be submitted again at once.
    const resubmitted = await post(`/v1/business/${merchant.id}/onboarding`, undefined, who);
    expect(resubmitted.statusCode).toBe(200);
    expect(resubmitted.json().kycStatus).toBe('UNDER_REVIEW');
  });

  it('builds a collection waiting for its deposit confirmation', async () => {
    const who = newPartner('Preset Collection');
    const loaded = (
      await post('/v1/sandbox/scenarios/load', { preset: 'collection-awaiting-confirmation' }, who)
    ).json();
    const collection = await get(`/v1/receive/${loaded.transactions[0].id}`, who);
    expect(collection).toMatchObject({ clientStatus: 'Receive_PENDING', toAmount: '12000.00' });
    expect(collection.quoteApprovedDate).toBeGreaterThan(0);
    expect(collection.depositApprovedDate).toBeNull();
  });

  it('builds the demo data again: the records a new sandbox starts with, ids aside', async () => {
    const seeded = newPartner('Seeded Partner');
    seedDemoData(sandbox.handles.ctx, seeded.id, { advance: () => {} });
    const who = newPartner('Demo Again');
    const loaded = await post('/v1/sandbox/scenarios/load', { preset: 'demo' }, who);
    expect(loaded.statusCode).toBe(200);
    expect(idsAside(await recordsOf(who))).toEqual(idsAside(await recordsOf(seeded)));
  });

  it('never makes a second merchant of a name the partner has: "Name (2)" instead', async () => {
    const who = newPartner('Preset Twice');
    seedDemoData(sandbox.handles.ctx, who.id, { advance: () => {} });
    const names: string[] = [];
    for (let i = 0; i < 2; i++) {
      const loaded = (
        await post('/v1/sandbox/scenarios/load', { preset: 'payout-settling' }, who)
      ).json();
      const merchant = await get(`/v1/business/${loaded.merchants[0].id}`, who);
      // The answer's label is the name the merchant was given.
      expect(loaded.merchants[0].label).toBe(merchant.name);
      names.push(merchant.name);
    }
    expect(names).toEqual(['Lumen Textiles GmbH (2)', 'Lumen Textiles GmbH (3)']);
    // Without one of that name, the name is the file's own.
    const fresh = newPartner('Preset Once');
    const once = (
      await post('/v1/sandbox/scenarios/load', { preset: 'payout-settling' }, fresh)
    ).json();
    expect(once.merchants[0].label).toBe('Lumen Textiles GmbH');
  });

  it('answers a name that is no preset with the list of presets', async () => {
    const response = await post('/v1/sandbox/scenarios/load', { preset: 'everything' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'preset', message: expect.stringContaining('payout-awaiting-deposit') },
    ]);
  });
});

describe('export and load', () => {
  it('gives a fresh partner the same records, ids aside', async () => {
    const source = newPartner('Exporting Partner');
    seedDemoData(sandbox.handles.ctx, source.id, { advance: () => {} });
    const exported = await get('/v1/sandbox/scenarios/export', source);
    // A file as a tester would keep it: JSON text, parsed again by the contract's schema.
    const file = Scenario.parse(JSON.parse(JSON.stringify(exported)));
    expect(file.merchants.length).toBeGreaterThan(10);
    expect(file.transactions.length).toBeGreaterThan(10);

    const target = newPartner('Importing Partner');
    const loaded = await post('/v1/sandbox/scenarios/load', { scenario: file }, target);
    expect(loaded.json()).toMatchObject({ name: 'Records of Exporting Partner' });
    expect(loaded.json().merchants).toHaveLength(file.merchants.length);

    const before = idsAside(await recordsOf(source));
    const after = idsAside(await recordsOf(target));
    expect(after).toEqual(before);
    // The demo data reaches every status: the comparison covered them.
    expect(new Set(before.merchants.map((m: Rec) => m.kycStatus)).size).toBeGreaterThan(5);
    expect(new Set(before.sendc2f.map((t: Rec) => t.clientStatus)).size).toBeGreaterThan(4);
    // And the agreements each merchant accepted came along.
    const again = Scenario.parse(await get('/v1/sandbox/scenarios/export', target));
    expect(again.merchants.map((m) => m.agreementsAccepted)).toEqual(
      file.merchants.map((m) => m.agreementsAccepted),
    );
  });

  it('says so when a partner has more records than a scenario holds', async () => {
    const who = newPartner('Volume Partner');
    sandbox.store.write(() => {
      for (let i = 0; i <= SCENARIO_LIMITS.merchants; i++)
        sandbox.store.merchants.insert(who.id, merchantFields(`Volume ${i}`), Date.now());
    });
    const response = await sandbox.request({
      method: 'GET',
      url: '/v1/sandbox/scenarios/export',
      as: who,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(
      'A scenario holds at most 500 merchants; this partner has more. Reset it, or load a smaller scenario, before exporting.',
    );
  });

  it('refuses a file whole, naming the field, and keeps nothing of it', async () => {
    const who = newPartner('Careful Partner');
    await post('/v1/sandbox/scenarios/load', { preset: 'payout-awaiting-deposit' }, who);
    const file = Scenario.parse(await get('/v1/sandbox/scenarios/export', who));
    const stored = snapshot(sandbox.store);
    // The second transaction cannot settle before its deposit: the first is not kept either.
    const bad = {
      ...file,
      transactions: [
        file.transactions[0],
        { ...file.transactions[0], ref: 'early', steps: ['settle'] },
      ],
    };
    const response = await post('/v1/sandbox/scenarios/load', { scenario: bad }, who);
    expect(response.statusCode).toBe(400);
    const problem = response.json();
    expect(problem.code).toBe('INVALID_STATE_TRANSITION');
    expect(problem.errors).toEqual([
      {
        field: 'scenario.transactions.1.steps.0',
        message: expect.stringContaining('Cannot settle'),
      },
    ]);
    expect(problem.detail).toContain('("early")');
    expect(snapshot(sandbox.store)).toBe(stored);
  });

  it('names refs that do not resolve before writing anything', async () => {
    const response = await post('/v1/sandbox/scenarios/load', {
      scenario: {
        scenario: 1,
        merchants: [],
        payoutAccounts: [
          {
            ref: 'acct',
            merchant: 'nobody',
            currencySymbol: 'EUR',
            accountHolderName: 'A',
            bankName: 'B',
            countryIso: 'DE',
            iban: 'DE89370400440532013000',
          },
        ],
        transactions: [],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { field: 'scenario.payoutAccounts.0.merchant', message: expect.stringContaining('"nobody"') },
    ]);
  });

  it('checks a file with the API’s own rules, naming the field in the file', async () => {
    const response = await post('/v1/sandbox/scenarios/load', {
      scenario: { scenario: 2, merchants: [{ ref: 'a b', name: '' }] },
    });
    expect(response.statusCode).toBe(400);
    const fields = response.json().errors.map((e: { field: string }) => e.field);
    expect(fields).toContain('scenario.scenario');
    expect(fields).toContain('scenario.merchants.0.ref');
    expect(fields).toContain('scenario.merchants.0.name');
    const both = await post('/v1/sandbox/scenarios/load', {
      preset: 'kyc-set-back',
      scenario: { scenario: 1 },
    });
    expect(both.json().errors).toEqual([
      { field: 'preset', message: 'give either preset or scenario, not both' },
    ]);
    const neither = await post('/v1/sandbox/scenarios/load', {});
    expect(neither.json().errors).toEqual([
      { field: 'preset', message: 'is required: give a preset name or a scenario' },
    ]);
  });
});

describe('reset', () => {
  it('deletes every record of the partner, and only of that partner', async () => {
    const who = newPartner('Resetting Partner');
    const other = newPartner('Bystander');
    const mine = (
      await post('/v1/sandbox/scenarios/load', { preset: 'payout-settling' }, who)
    ).json();
    const theirs = (
      await post('/v1/sandbox/scenarios/load', { preset: 'payout-settling' }, other)
    ).json();
    // Read once, so that a remembered copy would show if the reset left it.
    await get(`/v1/business/${mine.merchants[0].id}`, who);
    const reset = await post('/v1/sandbox/reset', undefined, who);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({
      merchants: 1,
      payoutAccounts: 1,
      transactions: 1,
      files: 0,
    });
    expect(reset.json().events).toBeGreaterThan(3);
    expect(
      (
        await sandbox.request({
          method: 'GET',
          url: `/v1/business/${mine.merchants[0].id}`,
          as: who,
        })
      ).statusCode,
    ).toBe(404);
    expect(await recordsOf(who)).toEqual({
      merchants: [],
      accounts: [],
      sendc2f: [],
      sendf2f: [],
      receive: [],
    });
    expect((await get('/v1/event/', who)).results).toEqual([]);
    expect((await get('/v1/sandbox/moves/', who)).moves).toEqual([]);
    // The other partner keeps everything, its waiting settlement included.
    expect((await get(`/v1/sendc2f/${theirs.transactions[0].id}`, other)).clientStatus).toBe(
      'OnOff_IN_PROGRESS',
    );
    expect((await get('/v1/sandbox/moves/', other)).moves).toHaveLength(1);
    // Ids are not reused, and the partner's merchants are numbered from one again.
    const again = (
      await post('/v1/sandbox/scenarios/load', { preset: 'payout-settling' }, who)
    ).json();
    expect(again.merchants[0].id).toBeGreaterThan(theirs.merchants[0].id);
    expect((await get('/v1/business/', who)).results).toHaveLength(1);
  });

  it('loads a scenario in place of the records with reset', async () => {
    const who = newPartner('Replacing Partner');
    await post('/v1/sandbox/scenarios/load', { preset: 'payout-awaiting-deposit' }, who);
    const loaded = await post(
      '/v1/sandbox/scenarios/load',
      { preset: 'kyc-set-back', reset: true },
      who,
    );
    expect(loaded.json().reset).toBe(true);
    const records = await recordsOf(who);
    expect(records.merchants.map((m) => m.kycStatus)).toEqual(['ACTION_NEEDED']);
    expect(records.sendc2f).toEqual([]);
  });
});
