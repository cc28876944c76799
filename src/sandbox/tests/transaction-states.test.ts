// Every operation in every state of each product, through HTTP: allowed with its effect on every
// field, or refused with the right code and nothing changed. A controlled clock and explicit
// runs of the scheduler make every step's time exact.
import { describe, expect, it } from 'vitest';
import { Transaction } from '#/api/schemas/transaction';
import { snapshot, transactionBody } from '../testing';
import { sandboxWithParties } from './with-parties';

const HOUR = 3_600_000;
let clock = 1_795_000_000_000;

const env = sandboxWithParties({
  now: () => clock,
  settings: { quoteDelayMs: HOUR, settlementDelayMs: 2 * HOUR, webhookRetryBaseMs: HOUR },
});

type Product = 'sendc2f' | 'sendf2f' | 'receive';
type Op = 'approveQuote' | 'approveDeposit' | 'cancel';

async function call(product: Product, op: Op | 'get', id: number) {
  const payload =
    op === 'approveDeposit' && product === 'receive'
      ? { depositConfirmationUrl: 'https://files.example/deposit.pdf' }
      : undefined;
  const response = await env.sandbox.request({
    method: op === 'get' ? 'GET' : 'POST',
    url: op === 'get' ? `/v1/${product}/${id}` : `/v1/${product}/${op}/${id}`,
    payload,
  });
  return response;
}

const tick = (ms: number) => {
  clock += ms;
  env.sandbox.handles.runDueTasks();
};

/** Creates a transaction and walks it to `state` through the API and the scheduler. */
async function inState(product: Product, state: string): Promise<Transaction> {
  clock += 60_000;
  const created = await env.sandbox.send(
    'POST',
    `/v1/${product}/`,
    transactionBody(env.parties, product),
  );
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().businessRequestId as number;
  const steps: Record<string, Array<() => Promise<unknown> | void>> = {
    PENDING: [],
    QUOTED: [() => tick(HOUR)],
    AWAITING_DEPOSIT: [() => tick(HOUR), () => call(product, 'approveQuote', id)],
    QUOTE_APPROVED: [() => call(product, 'approveQuote', id)],
    IN_PROGRESS:
      product === 'receive'
        ? [() => call(product, 'approveDeposit', id)]
        : [() => call(product, 'approveQuote', id), () => call(product, 'approveDeposit', id)],
    COMPLETED: [
      ...(product === 'receive' ? [] : [() => call(product, 'approveQuote', id)]),
      () => call(product, 'approveDeposit', id),
      () => tick(2 * HOUR),
    ],
    CANCELED: [() => call(product, 'cancel', id)],
  };
  for (const step of steps[state]!) {
    clock += 60_000;
    await step();
  }
  clock += 60_000;
  return Transaction.parse((await call(product, 'get', id)).json());
}

const WALLET = { walletAddress: expect.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{33}$/) };
const BANK = {
  bankName: expect.any(String),
  accountNumber: expect.any(String),
  reference: expect.stringMatching(/^PPS-\d+-[0-9A-F]{6}$/),
  bankAddress: expect.any(String),
  nameOnAccount: expect.any(String),
  // Extensions (decision 070): the bank's BIC; a USD account's ABA routing number too.
  swiftCode: expect.stringMatching(/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/),
  routingNumber: '121999993',
};

/** What each allowed operation changes; every other field must stay as it was. */
function expectedChanges(
  product: Product,
  op: Op,
  before: Transaction,
  now: number,
): Partial<Transaction> {
  // A quote gives the deposit with its rate and reference rate (extensions, decision 067).
  const quoted = {
    fromAmount: expect.stringMatching(/^\d+\.\d+$/) as unknown as string,
    rate: expect.any(Number) as unknown as number,
    referenceRate: expect.any(Number) as unknown as number,
  };
  const details = product === 'sendc2f' ? { walletDetails: WALLET } : { bankDetails: BANK };
  const prefix = product === 'receive' ? 'Receive_' : 'OnOff_';
  switch (op) {
    case 'approveQuote':
      return {
        clientStatus: product === 'receive' ? 'Receive_PENDING' : 'OnOff_AWAITING_DEPOSIT',
        quoteApprovedDate: now,
        ...(before.fromAmount === null ? quoted : {}),
        ...details,
        lastUpdateTime: now,
      } as Partial<Transaction>;
    case 'approveDeposit':
      return {
        clientStatus: `${prefix}IN_PROGRESS`,
        ...(before.quoteApprovedDate === null
          ? { quoteApprovedDate: now, ...quoted, ...details }
          : {}),
        depositApprovedDate: now,
        depositReceivedDate: now,
        depositReceivedAmount:
          before.fromAmount ?? (expect.stringMatching(/^\d+\.\d+$/) as unknown as string),
        lastUpdateTime: now,
      } as Partial<Transaction>;
    case 'cancel':
      return {
        clientStatus: `${prefix}CANCELED`,
        cancelReason: 'CLIENT_REQUEST',
        lastUpdateTime: now,
      };
  }
}

const T = 'INVALID_STATE_TRANSITION';
/** The two on/off-ramp products move through the same states by the same rules. */
const ONOFF_TABLE: Record<string, Record<Op, 'ok' | string>> = {
  PENDING: { approveQuote: 'ok', approveDeposit: T, cancel: 'ok' },
  QUOTED: { approveQuote: 'ok', approveDeposit: T, cancel: 'ok' },
  AWAITING_DEPOSIT: { approveQuote: T, approveDeposit: 'ok', cancel: 'ok' },
  IN_PROGRESS: { approveQuote: T, approveDeposit: T, cancel: 'ok' },
  COMPLETED: { approveQuote: T, approveDeposit: T, cancel: 'TRANSACTION_ALREADY_PROCESSED' },
  CANCELED: { approveQuote: T, approveDeposit: T, cancel: T },
};
const TABLE: Record<Product, Record<string, Record<Op, 'ok' | string>>> = {
  sendc2f: ONOFF_TABLE,
  sendf2f: ONOFF_TABLE,
  receive: {
    PENDING: { approveQuote: 'ok', approveDeposit: 'ok', cancel: 'ok' },
    QUOTE_APPROVED: { approveQuote: T, approveDeposit: 'ok', cancel: 'ok' },
    IN_PROGRESS: { approveQuote: T, approveDeposit: T, cancel: 'ok' },
    COMPLETED: { approveQuote: T, approveDeposit: T, cancel: 'TRANSACTION_ALREADY_PROCESSED' },
    CANCELED: { approveQuote: T, approveDeposit: T, cancel: T },
  },
};

const STATUS_OF: Record<string, string> = {
  PENDING: 'PENDING',
  QUOTED: 'AWAITING_QUOTE_APPROVAL',
  QUOTE_APPROVED: 'PENDING',
  AWAITING_DEPOSIT: 'AWAITING_DEPOSIT',
  IN_PROGRESS: 'IN_PROGRESS',
  COMPLETED: 'COMPLETED',
  CANCELED: 'CANCELED',
};

describe.each(Object.keys(TABLE) as Product[])('%s', (product) => {
  for (const [state, row] of Object.entries(TABLE[product])) {
    for (const [op, expected] of Object.entries(row) as Array<[Op, string]>) {
      it(`${state}: ${op} → ${expected === 'ok' ? 'allowed' : expected}`, async () => {
        const before = await inState(product, state);
        expect(before.clientStatus).toBe(
          `${product === 'receive' ? 'Receive_' : 'OnOff_'}${STATUS_OF[state]}`,
        );
        const stored = snapshot(env.sandbox.store);
        const response = await call(product, op, before.businessRequestId);
        if (expected === 'ok') {
          expect(response.statusCode, response.body).toBe(200);
          const after = Transaction.parse(response.json());
          expect(after).toEqual({ ...before, ...expectedChanges(product, op, before, clock) });
          expect(
            Transaction.parse((await call(product, 'get', before.businessRequestId)).json()),
          ).toEqual(after);
        } else {
          expect(response.statusCode).toBe(400);
          expect(response.json()).toMatchObject({
            code: expected,
            detail: expect.stringContaining(before.clientStatus),
          });
          expect(snapshot(env.sandbox.store)).toBe(stored);
        }
      });
    }
  }
});

describe('automatic moves', () => {
  it.each(['sendc2f', 'sendf2f'] as const)(
    '%s: the quote arrives after the quote delay, with fromAmount, its rates and nothing else',
    async (product) => {
      const before = await inState(product, 'PENDING');
      expect(before.fromAmount).toBeNull();
      tick(HOUR - 120_001);
      expect(
        Transaction.parse((await call(product, 'get', before.businessRequestId)).json())
          .clientStatus,
      ).toBe('OnOff_PENDING');
      tick(120_001);
      const after = Transaction.parse(
        (await call(product, 'get', before.businessRequestId)).json(),
      );
      expect(after).toEqual({
        ...before,
        clientStatus: 'OnOff_AWAITING_QUOTE_APPROVAL',
        fromAmount: expect.stringMatching(/^\d+\.\d+$/),
        rate: expect.any(Number),
        referenceRate: expect.any(Number),
        lastUpdateTime: clock,
      });
      // The rate given is the one the deposit was worked out from: the deposit covers the payout.
      expect(Number(after.fromAmount) * after.rate!).toBeGreaterThanOrEqual(Number(after.toAmount));
    },
  );

  it.each(['sendc2f', 'sendf2f', 'receive'] as const)(
    '%s: settlement completes with the payout after the settlement delay',
    async (product) => {
      const before = await inState(product, 'IN_PROGRESS');
      tick(2 * HOUR);
      const after = Transaction.parse(
        (await call(product, 'get', before.businessRequestId)).json(),
      );
      expect(after).toEqual({
        ...before,
        clientStatus: before.clientStatus.replace('IN_PROGRESS', 'COMPLETED'),
        payout: before.toAmount,
        lastUpdateTime: clock,
      });
    },
  );

  it('a cancelled transaction is not quoted or settled later', async () => {
    const pending = await inState('sendc2f', 'PENDING');
    await call('sendc2f', 'cancel', pending.businessRequestId);
    tick(3 * HOUR);
    expect((await call('sendc2f', 'get', pending.businessRequestId)).json()).toMatchObject({
      clientStatus: 'OnOff_CANCELED',
      fromAmount: null,
    });
  });
});
