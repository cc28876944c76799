// A transaction pays the payout account's details as they were when it was created
// (docs/decisions/040): a later change of the account's bank details reaches neither its
// confirmation nor its events; a transaction created after the change pays the new details.
import { describe, expect, it } from 'vitest';
import { PayoutConfirmation, Transaction } from '#/api/schemas/transaction';
import { Event } from '#/api/schemas/platform';
import { transactionBody } from '../testing';
import { sandboxWithParties } from './with-parties';

const env = sandboxWithParties({ settings: { quoteDelayMs: 50, settlementDelayMs: 50 } });

async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  const response = await env.sandbox.request({ method, url, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as unknown;
}

async function completedPayout(id: number) {
  await call('POST', `/v1/sendc2f/approveQuote/${id}`);
  await call('POST', `/v1/sendc2f/approveDeposit/${id}`);
  const deadline = Date.now() + 5000;
  for (;;) {
    const t = Transaction.parse(await call('GET', `/v1/sendc2f/${id}`));
    if (t.clientStatus === 'OnOff_COMPLETED') return t;
    if (Date.now() > deadline) throw new Error(`payout ${id} is still ${t.clientStatus}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const recipientsInEvents = async (id: number) => {
  const page = (await call(
    'GET',
    `/v1/event/?objectType=transaction&objectId=${id}&limit=100`,
  )) as { results: unknown[] };
  return page.results.map((e) => (Event.parse(e).data as { recipient?: unknown }).recipient);
};

describe('the recipient of a transaction', () => {
  it('is the account as it was at creation, after the account changes', async () => {
    const accountId = env.parties.accounts.GBP;
    const account = (await call('GET', `/v1/businessExternalAccount/${accountId}`)) as Record<
      string,
      unknown
    >;
    const created = Transaction.parse(
      await call(
        'POST',
        '/v1/sendc2f/',
        transactionBody(env.parties, 'sendc2f', { toAmount: '300' }, 'GBP'),
      ),
    );
    const before = {
      accountHolderName: account.accountHolderName,
      bankName: account.bankName,
      accountNumberLast4: String(account.accountNumber ?? account.iban).slice(-4),
      countryIso: account.countryIso,
    };

    // The account's holder and number change while the payout is open.
    await call('PUT', `/v1/businessExternalAccount/${accountId}`, {
      accountHolderName: 'Diverted Holdings Ltd',
      bankName: 'Elsewhere Bank',
      accountNumber: '99990099',
      countryIso: account.countryIso,
    });
    const later = Transaction.parse(
      await call(
        'POST',
        '/v1/sendc2f/',
        transactionBody(env.parties, 'sendc2f', { toAmount: '301' }, 'GBP'),
      ),
    );

    await completedPayout(created.businessRequestId);
    const confirmation = PayoutConfirmation.parse(
      await call('GET', `/v1/sendc2f/confirmation/${created.businessRequestId}`),
    );
    expect(confirmation.recipient).toEqual(before);
    const recipients = await recipientsInEvents(created.businessRequestId);
    expect(recipients.length).toBeGreaterThanOrEqual(4); // created, two approvals, completed
    for (const recipient of recipients) expect(recipient).toEqual(before);

    // Created after the change: it pays the new details.
    await completedPayout(later.businessRequestId);
    const laterConfirmation = PayoutConfirmation.parse(
      await call('GET', `/v1/sendc2f/confirmation/${later.businessRequestId}`),
    );
    expect(laterConfirmation.recipient).toEqual({
      accountHolderName: 'Diverted Holdings Ltd',
      bankName: 'Elsewhere Bank',
      accountNumberLast4: '0099',
      countryIso: account.countryIso,
    });
  });

  it('of every product is in its events', async () => {
    for (const product of ['sendf2f', 'receive'] as const) {
      const created = Transaction.parse(
        await call('POST', `/v1/${product}/`, transactionBody(env.parties, product)),
      );
      const [recipient] = await recipientsInEvents(created.businessRequestId);
      expect(recipient, product).toMatchObject({ accountHolderName: expect.any(String) });
    }
  });
});
