// Reading the partner's API for the index, with the environment's credentials, out of the
// sandbox's request log: a call (401, 5xx, no answer, or a 429 that outlasts the pacer's tries
// stop the pass; other 429s are waited out), a page of a list, a
// record re-read; and putting what it answers in the index.
import { z } from 'zod';
import type { Environment } from '#/api/dashboard';
import { Merchant } from '#/api/schemas/merchant';
import { PayoutAccount } from '#/api/schemas/payout-account';
import { DASHBOARD_BACKGROUND } from '#/api/schemas/platform';
import { Transaction } from '#/api/schemas/transaction';
import { UpstreamError } from '../upstream';
import { type Kind, type ListName, SyncStop, type SyncState } from './sync-state';

export const PAGE = 100;

const LIST_PATH: Record<ListName, string> = {
  merchants: '/v1/business/',
  accounts: '/v1/businessExternalAccount/',
  sendc2f: '/v1/sendc2f/',
  sendf2f: '/v1/sendf2f/',
  receive: '/v1/receive/',
};

export const PageOf = <T extends z.ZodType>(record: T) =>
  z.object({ start: z.int(), limit: z.int(), hasMore: z.boolean(), results: z.array(record) });

/** One call of the environment's API: its status and JSON (null when it is not JSON). */
export async function call(
  s: SyncState,
  environment: Environment,
  method: string,
  path: string,
  body?: object,
): Promise<{ status: number; json: unknown }> {
  const upstream = s.options.upstreams.get(environment);
  const credentials = await s.options.credentials(environment);
  if (!upstream || !credentials) throw new SyncStop('not configured');
  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-api-key': credentials.apiKey,
    'x-api-secret': credentials.apiSecret,
    // The index's own reads stay out of the sandbox's request log (decision 023).
    [DASHBOARD_BACKGROUND.header]: DASHBOARD_BACKGROUND.value,
  };
  if (body) headers['content-type'] = 'application/json';
  let response;
  try {
    // At the environment's pace: a 429 is waited out and the call made again (../pacer.ts).
    response = await s.pacer.send(environment, () =>
      upstream.send({
        method,
        path,
        headers,
        body: body ? Buffer.from(JSON.stringify(body)) : undefined,
      }),
    );
  } catch (error) {
    if (error instanceof UpstreamError) throw new SyncStop(`unreachable: ${error.message}`);
    throw error;
  }
  if (response.status === 401) throw new SyncStop('credentials refused');
  if (response.status === 429 || response.status >= 500)
    throw new SyncStop(`the API answered ${response.status}`);
  let json: unknown = null;
  try {
    json = JSON.parse(response.body.toString('utf8'));
  } catch {
    // Not JSON: the status says enough.
  }
  return { status: response.status, json };
}

/** A page of a list, newest first, checked against the contract. */
export async function readPage(
  s: SyncState,
  environment: Environment,
  list: ListName,
  start: number,
) {
  const { status, json } = await call(
    s,
    environment,
    'GET',
    `${LIST_PATH[list]}?start=${start}&limit=${PAGE}`,
  );
  if (status !== 200) throw new SyncStop(`the ${list} list answered ${status}`);
  const schema =
    list === 'merchants'
      ? PageOf(Merchant)
      : list === 'accounts'
        ? PageOf(PayoutAccount)
        : PageOf(Transaction);
  const page = schema.safeParse(json);
  if (!page.success) throw new SyncStop(`the ${list} list answered something unexpected`);
  return page.data;
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
  const path =
    kind === 'merchant'
      ? `/v1/business/${id}`
      : kind === 'account'
        ? `/v1/businessExternalAccount/${id}`
        : `/v1/${kind}/${id}`;
  const { status, json } = await call(s, environment, 'GET', path);
  if (status !== 200) return false;
  await put(s, environment, kind, json);
  return true;
}
