// Keeps the local index of each environment fresh (docs/decisions/018):
// - a first fill pages through every list endpoint, each page written with its place in the
//   same database transaction, so that a crash or restart carries on where it stopped;
// - the dashboard's own webhook endpoint, registered with the environment, turns each event into
//   a re-read of the record it names;
// - a reconciliation pass on a schedule catches what webhooks missed: new records (paging from
//   the newest until nothing changed), records not final (re-read, least recently checked
//   first), and a rolling sweep through every list for changes to older records;
// - writes made through the dashboard are put in the index at once (read your own writes).
// A 401 from the environment stops its sync until an admin stores credentials again; an
// environment that is down is tried again at the next pass. The index keeps answering meanwhile,
// and its status says how fresh it is.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Environment } from '../../api/dashboard';
import type { OperationDef } from '../../api/operations';
import { Merchant } from '../../api/schemas/merchant';
import { PayoutAccount } from '../../api/schemas/payout-account';
import { Event } from '../../api/schemas/platform';
import { PRODUCTS, type Product, Transaction } from '../../api/schemas/transaction';
import { verifySignature } from '../../api/webhook-signing';
import type { DashboardDb } from '../store/db';
import type { Vault } from '../store/vault';
import { UpstreamError, type Upstream } from '../upstream';
import type { LocalIndex } from './store';
import { DASHBOARD_BACKGROUND } from '../../api/schemas/platform';

/** Which record an operation answers with, for the index; undefined for pages and the rest. */
export function recordKindOf(op: OperationDef): Kind | undefined {
  if (op.response === Merchant) return 'merchant';
  if (op.response === PayoutAccount) return 'account';
  if (op.response === Transaction) {
    const product = op.path.split('/')[2];
    return PRODUCTS.find((p) => p === product);
  }
  return undefined;
}

/** The record an event names. */
function kindOfEvent(event: Event): Kind | undefined {
  if (event.objectType === 'merchant') return 'merchant';
  if (event.objectType === 'payout_account') return 'account';
  if (event.objectType === 'transaction') return PRODUCTS.find((p) => p === event.product);
  return undefined;
}

export const LISTS = ['merchants', 'accounts', ...PRODUCTS] as const;
export type ListName = (typeof LISTS)[number];

const LIST_PATH: Record<ListName, string> = {
  merchants: '/v1/business/',
  accounts: '/v1/businessExternalAccount/',
  sendc2f: '/v1/sendc2f/',
  sendf2f: '/v1/sendf2f/',
  receive: '/v1/receive/',
};

const PAGE = 100;

export interface SyncOptions {
  db: DashboardDb;
  index: LocalIndex;
  vault: Vault;
  upstreams: Map<Environment, Upstream>;
  credentials(environment: Environment): Promise<{ apiKey: string; apiSecret: string } | undefined>;
  /** Where an environment can deliver webhooks to this server, if it can. */
  hookUrl(environment: Environment): string | undefined;
  /** Time between reconciliation passes. */
  intervalMs: number;
  /** Pages of each list the rolling sweep reads per pass. */
  sweepPages?: number | undefined;
  /** Records not final re-read per pass. */
  recheckPerPass?: number;
  now?: () => number;
  log?: (message: string, details?: object) => void;
}

export interface ListStatus {
  list: ListName;
  seen: number;
  filled: boolean;
  filledAt: number | null;
  checkedAt: number | null;
  error: string | null;
}

/** Every list read through once; when the API last answered them all; why sync is paused. */
function freshnessOf(lists: ListStatus[]) {
  return {
    filled: lists.every((l) => l.filled),
    checkedAt: Math.min(...lists.map((l) => l.checkedAt ?? 0)) || null,
    error: lists.find((l) => l.error)?.error ?? null,
  };
}

class SyncStop extends Error {}

export type Kind = 'merchant' | 'account' | Product;

export function indexSync(options: SyncOptions) {
  const { db: store, index, vault, upstreams } = options;
  const { db } = store;
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => {});
  const sweepPages = options.sweepPages ?? 5;
  const recheckPerPass = options.recheckPerPass ?? 50;
  const timers = new Map<Environment, NodeJS.Timeout>();
  const running = new Map<Environment, Promise<void>>();
  const secrets = new Map<Environment, string>();
  let stopped = false;

  async function call(
    environment: Environment,
    method: string,
    path: string,
    body?: object,
  ): Promise<{ status: number; json: unknown }> {
    const upstream = upstreams.get(environment);
    const credentials = await options.credentials(environment);
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
      response = await upstream.send({
        method,
        path,
        headers,
        body: body ? Buffer.from(JSON.stringify(body)) : undefined,
      });
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

  async function syncRow(environment: Environment, list: ListName) {
    const row = await db
      .selectFrom('index_sync')
      .selectAll()
      .where('environment', '=', environment)
      .where('list', '=', list)
      .executeTakeFirst();
    if (row) return row;
    const fresh = {
      environment,
      list,
      next_start: 0,
      seen: 0,
      filled_at: null,
      checked_at: null,
      error: null,
    };
    await db
      .insertInto('index_sync')
      .values(fresh)
      .onConflict((oc) => oc.columns(['environment', 'list']).doNothing())
      .execute();
    return fresh;
  }

  async function setError(environment: Environment, error: string | null) {
    for (const list of LISTS) await syncRow(environment, list);
    await db
      .updateTable('index_sync')
      .set({ error })
      .where('environment', '=', environment)
      .execute();
  }

  const PageOf = <T extends z.ZodType>(record: T) =>
    z.object({ start: z.int(), limit: z.int(), hasMore: z.boolean(), results: z.array(record) });

  async function readPage(environment: Environment, list: ListName, start: number) {
    const { status, json } = await call(
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

  async function putList(
    environment: Environment,
    list: ListName,
    records: unknown[],
    trx: typeof db = db,
  ) {
    if (list === 'merchants') await index.putMerchants(environment, records as Merchant[], trx);
    else if (list === 'accounts')
      await index.putAccounts(environment, records as PayoutAccount[], trx);
    else await index.putTransactions(environment, list, records as Transaction[], trx);
  }

  const idOf = (list: ListName, record: unknown) =>
    list === 'merchants' || list === 'accounts'
      ? (record as { id: number }).id
      : (record as Transaction).businessRequestId;

  /** The first fill of one list, from where it stopped; true once the list is complete. */
  async function fill(environment: Environment, list: ListName): Promise<void> {
    let row = await syncRow(environment, list);
    while (row.filled_at === null && !stopped) {
      const start = Number(row.next_start);
      const page = await readPage(environment, list, start);
      const at = now();
      const next = {
        next_start: page.hasMore ? start + page.results.length : 0,
        seen: Number(row.seen) + page.results.length,
        filled_at: page.hasMore ? null : at,
        checked_at: at,
        error: null,
      };
      await db.transaction().execute(async (trx) => {
        await putList(environment, list, page.results, trx);
        await trx
          .updateTable('index_sync')
          .set(next)
          .where('environment', '=', environment)
          .where('list', '=', list)
          .execute();
      });
      row = { ...row, ...next };
      // A list just filled: give SQLite's planner the statistics of what it now holds.
      if (next.filled_at !== null) await store.analyze();
    }
  }

  /** Where each list stands (the event log's place aside). */
  async function listStatuses(environment: Environment): Promise<ListStatus[]> {
    const rows = await db
      .selectFrom('index_sync')
      .selectAll()
      .where('environment', '=', environment)
      .execute();
    return LISTS.map((list) => {
      const row = rows.find((r) => r.list === list);
      return {
        list,
        seen: Number(row?.seen ?? 0),
        filled: row?.filled_at != null,
        filledAt: row?.filled_at == null ? null : Number(row.filled_at),
        checkedAt: row?.checked_at == null ? null : Number(row.checked_at),
        error: row?.error ?? null,
      };
    });
  }

  /** Puts the records of a page that are new or changed since stored; says how many. */
  async function putChanged(environment: Environment, list: ListName, records: unknown[]) {
    const known = await index.knownUpdateTimes(
      environment,
      list,
      records.map((r) => idOf(list, r)),
    );
    const changed = records.filter(
      (r) => known.get(idOf(list, r)) !== (r as { lastUpdateTime: number }).lastUpdateTime,
    );
    if (changed.length > 0) await putList(environment, list, changed);
    return changed.length;
  }

  /** Pages from the newest until a page holds nothing new or changed. */
  async function refreshNewest(environment: Environment, list: ListName) {
    for (let start = 0, pages = 0; pages < 20 && !stopped; pages++, start += PAGE) {
      const page = await readPage(environment, list, start);
      const changed = await putChanged(environment, list, page.results);
      if (changed === 0 || !page.hasMore) break;
    }
  }

  /** A few pages of the rolling sweep through a whole list: changes to older records. */
  async function sweep(environment: Environment, list: ListName) {
    const row = await syncRow(environment, list);
    let start = Number(row.next_start);
    for (let pages = 0; pages < sweepPages && !stopped; pages++) {
      const page = await readPage(environment, list, start);
      await putChanged(environment, list, page.results);
      start = page.hasMore ? start + page.results.length : 0;
      if (!page.hasMore) break;
    }
    await db
      .updateTable('index_sync')
      .set({ next_start: start, checked_at: now(), error: null })
      .where('environment', '=', environment)
      .where('list', '=', list)
      .execute();
  }

  /** Re-reads one record from the API and puts it in the index; false if it is not there. */
  async function reread(environment: Environment, kind: Kind, id: number): Promise<boolean> {
    const path =
      kind === 'merchant'
        ? `/v1/business/${id}`
        : kind === 'account'
          ? `/v1/businessExternalAccount/${id}`
          : `/v1/${kind}/${id}`;
    const { status, json } = await call(environment, 'GET', path);
    if (status !== 200) return false;
    await put(environment, kind, json);
    return true;
  }

  // The oldest event id each environment delivered to the dashboard's webhook.
  const delivered = new Map<Environment, number>();

  /** The environment's records were deleted (a sandbox reset): the index starts again. */
  async function forgetRecords(environment: Environment) {
    await index.clearRecords(environment);
    noted.clear();
    delivered.delete(environment);
  }

  /** Puts a record the API returned; anything that does not parse is left out. */
  // The last answer kept per record by noteAnswer (see there).
  const noted = new Map<string, string>();

  async function put(environment: Environment, kind: Kind, json: unknown) {
    if (kind === 'merchant') {
      const m = Merchant.safeParse(json);
      if (m.success) await index.putMerchants(environment, [m.data]);
    } else if (kind === 'account') {
      const a = PayoutAccount.safeParse(json);
      if (a.success) await index.putAccounts(environment, [a.data]);
    } else {
      const t = Transaction.safeParse(json);
      if (t.success) await index.putTransactions(environment, kind, [t.data]);
    }
  }

  /**
   * Every event since the last one seen, from the environment's event log (newest first), each
   * record it names re-read once: what a webhook would have brought, had it been delivered. The
   * place is kept as the `events` row of index_sync (its next_start holds the newest event id).
   * An environment without an event log (404) is left to the other passes.
   */
  async function catchUpEvents(environment: Environment) {
    const row = await db
      .selectFrom('index_sync')
      .select('next_start')
      .where('environment', '=', environment)
      .where('list', '=', 'events')
      .executeTakeFirst();
    const seen = row ? Number(row.next_start) : undefined;
    // An event known to have existed: the newest an earlier pass read, else the oldest a webhook
    // brought. Events are never deleted one by one, so if the log holds none as old as it, the
    // log was reset.
    const known = seen || (delivered.get(environment) ?? 0);
    let knownStillThere = false;
    const named = new Map<string, { kind: Kind; id: number }>();
    let newest = seen ?? 0;
    for (let start = 0, pages = 0; pages < 20 && !stopped; pages++, start += PAGE) {
      const { status, json } = await call(
        environment,
        'GET',
        `/v1/event/?start=${start}&limit=${PAGE}`,
      );
      if (status === 404) return;
      const page = PageOf(Event).safeParse(json);
      if (status !== 200 || !page.success) return;
      let reached = false;
      for (const event of page.data.results) {
        newest = Math.max(newest, event.id);
        if (event.id <= known) knownStillThere = true;
        if (seen === undefined || event.id <= seen) {
          reached = true;
          break;
        }
        const kind = kindOfEvent(event);
        if (kind) named.set(`${kind}/${event.objectId}`, { kind, id: event.objectId });
      }
      if (reached) break;
      if (!page.data.hasMore) {
        // The log no longer holds the events already seen: the environment's records were
        // deleted (a sandbox reset). Records the index holds may be gone: fill it again.
        if (known > 0 && !knownStillThere) {
          await forgetRecords(environment);
          named.clear();
          log('index: the environment’s event log was reset; filling the index again', {
            environment,
          });
        }
        break;
      }
    }
    for (const { kind, id } of named.values()) await reread(environment, kind, id);
    await db
      .insertInto('index_sync')
      .values({
        environment,
        list: 'events',
        next_start: newest,
        seen: 0,
        filled_at: now(),
        checked_at: now(),
        error: null,
      })
      .onConflict((oc) =>
        oc.columns(['environment', 'list']).doUpdateSet({ next_start: newest, checked_at: now() }),
      )
      .execute();
  }

  async function ensureWebhook(environment: Environment) {
    const url = options.hookUrl(environment);
    if (!url) return;
    const row = await db
      .selectFrom('index_webhook')
      .selectAll()
      .where('environment', '=', environment)
      .executeTakeFirst();
    const listed = await call(environment, 'GET', '/v1/webhook/');
    const hooks = z.array(z.object({ id: z.int(), url: z.string() })).safeParse(listed.json);
    if (
      row &&
      row.url === url &&
      hooks.success &&
      hooks.data.some((h) => h.id === Number(row.webhook_id) && h.url === url)
    ) {
      return;
    }
    const created = await call(environment, 'POST', '/v1/webhook/', { url });
    const hook = z.object({ id: z.int(), secret: z.string() }).safeParse(created.json);
    if (created.status !== 200 || !hook.success) {
      log('index: the environment refused the dashboard’s webhook endpoint', {
        environment,
        status: created.status,
      });
      return;
    }
    const values = {
      environment,
      webhook_id: hook.data.id,
      url,
      secret_sealed: vault.seal(hook.data.secret, `index_webhook:${environment}`),
      created_at: now(),
    };
    const { environment: _e, ...changes } = values;
    await db
      .insertInto('index_webhook')
      .values(values)
      .onConflict((oc) => oc.column('environment').doUpdateSet(changes))
      .execute();
    secrets.set(environment, hook.data.secret);
  }

  /**
   * The index holds one partner's records: when the environment's credentials now name another
   * partner (another API key), it is cleared and filled again from theirs.
   */
  async function checkOwner(environment: Environment) {
    const credentials = await options.credentials(environment);
    if (!credentials) throw new SyncStop('not configured');
    const hash = createHash('sha256').update(credentials.apiKey).digest('hex');
    const row = await db
      .selectFrom('index_owner')
      .select('api_key_hash')
      .where('environment', '=', environment)
      .executeTakeFirst();
    if (row?.api_key_hash === hash) return;
    if (row) {
      await index.clear(environment);
      noted.clear();
      secrets.delete(environment);
    }
    await db
      .insertInto('index_owner')
      .values({ environment, api_key_hash: hash })
      .onConflict((oc) => oc.column('environment').doUpdateSet({ api_key_hash: hash }))
      .execute();
  }

  /** One pass for an environment: webhook, fill or refresh, re-reads, sweep. */
  async function pass(environment: Environment) {
    try {
      await checkOwner(environment);
      await ensureWebhook(environment);
      await catchUpEvents(environment);
      for (const list of LISTS) {
        const row = await syncRow(environment, list);
        if (row.filled_at === null) await fill(environment, list);
        else await refreshNewest(environment, list);
      }
      for (const t of await index.openTransactions(environment, recheckPerPass))
        await reread(environment, t.product, t.id);
      for (const id of await index.reviewingMerchants(environment, recheckPerPass))
        await reread(environment, 'merchant', id);
      for (const list of LISTS) await sweep(environment, list);
    } catch (error) {
      if (!(error instanceof SyncStop)) throw error;
      if (error.message !== 'not configured') await setError(environment, error.message);
      log('index: sync paused', { environment, reason: error.message });
    }
  }

  function runPass(environment: Environment): Promise<void> {
    const current = running.get(environment);
    if (current) return current;
    const next = pass(environment)
      .catch((error: unknown) => log('index: pass failed', { environment, error: String(error) }))
      .finally(() => running.delete(environment));
    running.set(environment, next);
    return next;
  }

  return {
    /** Starts the passes: one now, then one every interval, for every environment. */
    start() {
      stopped = false;
      for (const environment of upstreams.keys()) {
        void runPass(environment);
        const timer = setInterval(() => void runPass(environment), options.intervalMs);
        timer.unref();
        timers.set(environment, timer);
      }
    },

    /** A pass now (and waits for it), e.g. after credentials are stored or from a refresh. */
    syncNow: (environment: Environment) => runPass(environment),

    /**
     * A pass that starts after this moment (a pass already under way may have read the records
     * before a change the caller just made: it is waited for, then another runs).
     */
    async syncAfterChange(environment: Environment, options: { reset: boolean }) {
      await running.get(environment);
      if (options.reset) await forgetRecords(environment);
      await runPass(environment);
    },

    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearInterval(timer);
      timers.clear();
      await Promise.all([...running.values()]);
    },

    /** A webhook delivery to the dashboard: verified, then the record it names is re-read. */
    async receive(
      environment: Environment,
      signature: string | undefined,
      rawBody: string,
    ): Promise<'applied' | 'ignored' | 'refused'> {
      let secret = secrets.get(environment);
      if (!secret) {
        const row = await db
          .selectFrom('index_webhook')
          .select('secret_sealed')
          .where('environment', '=', environment)
          .executeTakeFirst();
        if (!row) return 'refused';
        secret = vault.open(row.secret_sealed, `index_webhook:${environment}`);
        secrets.set(environment, secret);
      }
      if (!signature || !verifySignature(secret, signature, rawBody)) return 'refused';
      let event: Event;
      try {
        event = Event.parse(JSON.parse(rawBody));
      } catch {
        return 'ignored';
      }
      const kind: Kind | undefined =
        event.objectType === 'merchant'
          ? 'merchant'
          : event.objectType === 'payout_account'
            ? 'account'
            : event.objectType === 'transaction' && PRODUCTS.includes(event.product as Product)
              ? (event.product as Product)
              : undefined;
      delivered.set(environment, Math.min(delivered.get(environment) ?? event.id, event.id));
      if (!kind) return 'ignored';
      try {
        await reread(environment, kind, event.objectId);
      } catch (error) {
        if (error instanceof SyncStop) return 'ignored';
        throw error;
      }
      return 'applied';
    },

    /**
     * A record the API just returned through the proxy (a write's result, or a record read by
     * id): in the index at once. The same answer read again (a page refreshing) is not written
     * again: the last answer kept per record is remembered, for a bounded number, and compared
     * before anything is parsed.
     */
    async noteAnswer(environment: Environment, kind: Kind, path: string, raw: string) {
      const keyOf = (id: unknown) => `${environment}\n${kind}\n${String(id)}`;
      const pathId = /\/(\d+)\/?$/.exec(path)?.[1];
      if (pathId && noted.get(keyOf(pathId)) === raw) return;
      const record = JSON.parse(raw) as { id?: unknown; businessRequestId?: unknown } | null;
      const id = record?.id ?? record?.businessRequestId;
      if (id === undefined) return;
      if (noted.get(keyOf(id)) === raw) return;
      await put(environment, kind, record);
      if (noted.size >= NOTED_MAX) noted.clear();
      noted.set(keyOf(id), raw);
    },

    /** How fresh the index is, without counting its records (asked with every list). */
    async freshness(environment: Environment) {
      return freshnessOf(await listStatuses(environment));
    },

    async status(environment: Environment) {
      const lists = await listStatuses(environment);
      const hook = await db
        .selectFrom('index_webhook')
        .select('url')
        .where('environment', '=', environment)
        .executeTakeFirst();
      return {
        lists,
        ...freshnessOf(lists),
        webhook: hook !== undefined,
        webhookUrl: hook?.url ?? null,
        counts: await index.counts(environment),
      };
    },
  };
}

export type IndexSync = ReturnType<typeof indexSync>;

const NOTED_MAX = 5_000;
