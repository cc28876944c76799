// Model-based: random sequences of creations, approvals, cancellations, concurrent races and the
// passing of time, run against the sandbox over real HTTP and against a model of the state
// machines written from the design (not from the sandbox's own tables). After every step each
// transaction matches the model: status, dates, payout, reason, and one event per status change.
// A race of concurrent requests must match some order of the same requests run one by one.
import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect, it } from 'vitest';
import type { Product } from '#/api/schemas/transaction';
import { transactionBody } from '../testing';
import { sandboxWithParties } from './with-parties';

const HOUR = 3_600_000;
let clock = Date.now();
let base: string;

const env = sandboxWithParties({
  now: () => clock,
  settings: { quoteDelayMs: HOUR, settlementDelayMs: HOUR, kycReviewDelayMs: HOUR },
});
beforeAll(async () => {
  await env.sandbox.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(env.sandbox.app.server.address() as AddressInfo).port}`;
});

type State =
  | 'PENDING'
  | 'AWAITING_QUOTE_APPROVAL'
  | 'AWAITING_DEPOSIT'
  | 'IN_PROGRESS'
  | 'COMPLETED'
  | 'CANCELED';
type Action = 'approveQuote' | 'approveDeposit' | 'cancel';
const ACTIONS: Action[] = ['approveQuote', 'approveDeposit', 'cancel'];
const PRODUCTS: Product[] = ['sendc2f', 'sendf2f', 'receive'];

interface Txn {
  product: Product;
  id: number;
  state: State;
  quoteApproved: boolean;
  depositApproved: boolean;
  /** A price was fixed (the quote arrived or was approved): fromAmount is set from then on. */
  quoted: boolean;
  /** Announced changes since creation (status changes, and a collection's quote approval). */
  changes: number;
}
interface Model {
  txns: Txn[];
}
type Outcome = { ok: true; next: Txn } | { ok: false; code: string };

/** The design's rules for one action on one transaction. */
function decide(t: Txn, action: Action): Outcome {
  const refuse = (code = 'INVALID_STATE_TRANSITION'): Outcome => ({ ok: false, code });
  const to = (state: State, extra: Partial<Txn> = {}): Outcome => ({
    ok: true,
    next: { ...t, state, changes: t.changes + (state === t.state ? 0 : 1), ...extra },
  });
  if (t.state === 'COMPLETED')
    return refuse(action === 'cancel' ? 'TRANSACTION_ALREADY_PROCESSED' : undefined);
  if (t.state === 'CANCELED') return refuse();
  if (action === 'cancel') return to('CANCELED');
  if (t.product === 'receive') {
    if (action === 'approveQuote')
      // Status stays PENDING, but the quote and bank details are set: that is announced too.
      return t.quoteApproved
        ? refuse()
        : to('PENDING', { quoteApproved: true, quoted: true, changes: t.changes + 1 });
    return t.state === 'PENDING'
      ? to('IN_PROGRESS', { quoteApproved: true, depositApproved: true, quoted: true })
      : refuse();
  }
  if (action === 'approveQuote')
    return t.state === 'PENDING' || t.state === 'AWAITING_QUOTE_APPROVAL'
      ? to('AWAITING_DEPOSIT', { quoteApproved: true, quoted: true })
      : refuse();
  return t.state === 'AWAITING_DEPOSIT' ? to('IN_PROGRESS', { depositApproved: true }) : refuse();
}

/** What the passing of the delays does: quotes arrive, deposits settle. */
function elapse(t: Txn): Txn {
  if (t.product !== 'receive' && t.state === 'PENDING')
    return { ...t, state: 'AWAITING_QUOTE_APPROVAL', quoted: true, changes: t.changes + 1 };
  if (t.state === 'IN_PROGRESS') return { ...t, state: 'COMPLETED', changes: t.changes + 1 };
  return t;
}

const statusOf = (t: Txn) => `${t.product === 'receive' ? 'Receive' : 'OnOff'}_${t.state}`;

async function call(t: Txn, action: Action): Promise<{ status: number; code?: string }> {
  const body =
    action === 'approveDeposit' && t.product === 'receive'
      ? { depositConfirmationUrl: 'https://partner.example/deposit.pdf' }
      : action === 'cancel'
        ? { reason: 'CLIENT_REQUEST' }
        : undefined;
  const response = await fetch(`${base}/v1/${t.product}/${action}/${t.id}`, {
    method: 'POST',
    headers: {
      'x-api-key': env.sandbox.alice.apiKey,
      'x-api-secret': env.sandbox.alice.apiSecret,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { code?: string };
  return { status: response.status, ...(response.status === 200 ? {} : { code: json.code }) };
}

const matches = (outcome: Outcome, real: { status: number; code?: string }) =>
  outcome.ok ? real.status === 200 : real.status === 400 && real.code === outcome.code;

async function expectAsModelled(t: Txn) {
  const response = await env.sandbox.send('GET', `/v1/${t.product}/${t.id}`);
  const real = response.json();
  const where = `${t.product} ${t.id}`;
  expect(real.clientStatus, where).toBe(statusOf(t));
  expect(real.quoteApprovedDate !== null, where).toBe(t.quoteApproved);
  expect(real.depositApprovedDate !== null, where).toBe(t.depositApproved);
  expect(real.depositReceivedAmount !== null, where).toBe(t.depositApproved);
  expect(real.payout !== null, where).toBe(t.state === 'COMPLETED');
  expect(real.cancelReason !== null && real.cancelReason !== undefined, where).toBe(
    t.state === 'CANCELED',
  );
  expect(real.fromAmount !== null, where).toBe(t.quoted);
  const events = env.sandbox.store.db
    .prepare<[number], { n: number }>(
      "SELECT count(*) AS n FROM event WHERE object_type = 'transaction' AND object_id = ?",
    )
    .get(t.id)!.n;
  expect(events, `${where}: one event for its creation and each announced change`).toBe(
    t.changes + 1,
  );
}

class Create implements fc.AsyncCommand<Model, object> {
  constructor(readonly product: Product) {}
  check = () => true;
  async run(model: Model) {
    const response = await env.sandbox.send(
      'POST',
      `/v1/${this.product}/`,
      transactionBody(env.parties, this.product),
    );
    expect(response.statusCode).toBe(200);
    const txn: Txn = {
      product: this.product,
      id: response.json().businessRequestId,
      state: 'PENDING',
      quoteApproved: false,
      depositApproved: false,
      quoted: false,
      changes: 0,
    };
    model.txns.push(txn);
    await expectAsModelled(txn);
  }
  toString = () => `create ${this.product}`;
}

class Act implements fc.AsyncCommand<Model, object> {
  constructor(
    readonly pick: number,
    readonly action: Action,
  ) {}
  check = (model: Readonly<Model>) => model.txns.length > 0;
  async run(model: Model) {
    const index = this.pick % model.txns.length;
    const t = model.txns[index]!;
    const outcome = decide(t, this.action);
    const real = await call(t, this.action);
    expect(
      matches(outcome, real),
      `${this.action} on ${statusOf(t)} gave ${JSON.stringify(real)}`,
    ).toBe(true);
    if (outcome.ok) model.txns[index] = outcome.next;
    await expectAsModelled(model.txns[index]!);
  }
  toString = () => `${this.action} #${this.pick}`;
}

function permutations<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((item, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
  );
}

class Race implements fc.AsyncCommand<Model, object> {
  constructor(
    readonly pick: number,
    readonly actions: Action[],
  ) {}
  check = (model: Readonly<Model>) => model.txns.length > 0;
  async run(model: Model) {
    const index = this.pick % model.txns.length;
    const start = model.txns[index]!;
    const results = await Promise.all(this.actions.map((action) => call(start, action)));
    // Linearizable: some order of the same requests, run one by one, explains every answer.
    const order = permutations(this.actions.map((action, i) => ({ action, i }))).find((perm) => {
      let t = start;
      for (const { action, i } of perm) {
        const outcome = decide(t, action);
        if (!matches(outcome, results[i]!)) return false;
        if (outcome.ok) t = outcome.next;
      }
      return true;
    });
    expect(
      order,
      `no order of ${this.actions.join(', ')} on ${statusOf(start)} explains ${JSON.stringify(results)}`,
    ).toBeDefined();
    let t = start;
    for (const { action } of order!) {
      const outcome = decide(t, action);
      if (outcome.ok) t = outcome.next;
    }
    model.txns[index] = t;
    await expectAsModelled(t);
  }
  toString = () => `race ${this.actions.join('+')} #${this.pick}`;
}

class Elapse implements fc.AsyncCommand<Model, object> {
  check = () => true;
  async run(model: Model) {
    clock += 2 * HOUR;
    env.sandbox.handles.runDueTasks();
    model.txns = model.txns.map(elapse);
    for (const t of model.txns) await expectAsModelled(t);
  }
  toString = () => 'time passes';
}

it('every sequence of actions, races and delays leaves each transaction where the model says', async () => {
  const commands = [
    fc.constantFrom(...PRODUCTS).map((p) => new Create(p)),
    fc.tuple(fc.nat(), fc.constantFrom(...ACTIONS)).map(([pick, action]) => new Act(pick, action)),
    fc
      .tuple(fc.nat(), fc.array(fc.constantFrom(...ACTIONS), { minLength: 2, maxLength: 3 }))
      .map(([pick, actions]) => new Race(pick, actions)),
    fc.constant(new Elapse()),
  ];
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 20 }), (cmds) =>
      fc.asyncModelRun(() => ({ model: { txns: [] } as Model, real: {} }), cmds),
    ),
    { numRuns: 150 },
  );
});
