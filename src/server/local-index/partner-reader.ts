// Reading the partner's API for the index, with the environment's credentials, out of the
// sandbox's request log: a call (401, 5xx, no answer, or a 429 that outlasts the pacer's tries
// stop the pass; other 429s are waited out), a page of a list, a
// record re-read; and putting what it answers in the index.
import type { z } from 'zod';
import type { Environment } from '#/api/dashboard';
import { operations, transactionOperations } from '#/api/operations';
import { Merchant } from '#/api/schemas/merchant';
import { PayoutAccount } from '#/api/schemas/payout-account';
import { Transaction } from '#/api/schemas/transaction';
import { type Answer, type CallInput, type JsonOperation, partnerClient } from '../partner-client';
import { UpstreamError } from '../upstream';
import { type Kind, type ListName, SyncStop, type SyncState } from './sync-state';

export const PAGE = 100;

const LIST_OPERATION = {
  merchants: operations.listMerchants,
  accounts: operations.listPayoutAccounts,
  sendc2f: transactionOperations.sendc2f.list,
  sendf2f: transactionOperations.sendf2f.list,
  receive: transactionOperations.receive.list,
} satisfies Record<ListName, JsonOperation>;

/**
 * One call of the environment's API for the index, at the environment's pace and out of the
 * sandbox's request log (decision 023). What means the pass cannot go on (no answer, a 401, a
 * 5xx, a 429 the pacer could not wait out) stops it; any other answer is the caller's.
 */
export async function call<O extends JsonOperation>(
  s: SyncState,
  environment: Environment,
  op: O,
  input?: CallInput<O>,
): Promise<Answer<z.output<O['response']>>> {
  const upstream = s.options.upstreams.get(environment);
  const credentials = await s.options.credentials(environment);
  if (!upstream || !credentials) throw new SyncStop('not configured');
  const client = partnerClient({
    environment,
    upstream,
    credentials,
    pacer: s.pacer,
    background: true,
  });
  let answer;
  try {
    answer = await client.call(op, input, { paced: true });
  } catch (error) {
    if (error instanceof UpstreamError) throw new SyncStop(`unreachable: ${error.message}`);
    throw error;
  }
  if (answer.status === 401) throw new SyncStop('credentials refused');
  if (answer.status === 429 || answer.status >= 500)
    throw new SyncStop(`the API answered ${answer.status}`);
  return answer;
}

/** A page of a list, newest first, checked against the contract. */
export async function readPage(
  s: SyncState,
  environment: Environment,
  list: ListName,
  start: number,
) {
  const page = await call(s, environment, LIST_OPERATION[list], {
    query: { start, limit: PAGE },
  });
  if (page.ok) return page.data;
  if (page.status !== 200) throw new SyncStop(`the ${list} list answered ${page.status}`);
  throw new SyncStop(`the ${list} list answered something unexpected`);
}

/** Puts a page of a list in the index (in the caller's transaction, when given one). */
export async function putList(
  s: SyncState,
  environment: Environment,
  list: ListName,
  records: unknown[],
  trx: SyncState['db'] = s.db,
) {
  if (list === 'merchants') await s.index.putMerchants(environment, records as Merchant[], trx);
  else if (list === 'accounts')
    await s.index.putAccounts(environment, records as PayoutAccount[], trx);
  else await s.index.putTransactions(environment, list, records as Transaction[], trx);
}

export const idOf = (list: ListName, record: unknown) =>
  list === 'merchants' || list === 'accounts'
    ? (record as { id: number }).id
    : (record as Transaction).businessRequestId;

/** Puts a record the API returned; anything that does not parse is left out. */
export async function put(s: SyncState, environment: Environment, kind: Kind, json: unknown) {
  if (kind === 'merchant') {
    const m = Merchant.safeParse(json);
    if (m.success) await s.index.putMerchants(environment, [m.data]);
  } else if (kind === 'account') {
    const a = PayoutAccount.safeParse(json);
    if (a.success) await s.index.putAccounts(environment, [a.data]);
  } else {
    const t = Transaction.safeParse(json);
    if (t.success) await s.index.putTransactions(environment, kind, [t.data]);
  }
}

/** Re-reads one record from the API and puts it in the index; false if it is not there. */
export async function reread(
  s: SyncState,
  environment: Environment,
  kind: Kind,
  id: number,
): Promise<boolean> {
  const op =
    kind === 'merchant'
      ? operations.getMerchant
      : kind === 'account'
        ? operations.getPayoutAccount
        : transactionOperations[kind].get;
  const read = await call(s, environment, op, { params: { id } });
  if (!read.ok) return false;
  await put(s, environment, kind, read.data);
  return true;
}
