// Limits on what may be created (docs/decisions/089): per transaction, day or month (UTC), for a
// person, a merchant or the workspace, in the workspace's base currency. Every creation through
// the dashboard (a payout, a collection, a bulk file's row) reserves its amount against the
// running totals of its person, merchant and workspace under the controls' lock, so that fifty
// creations at once on several servers never pass a limit together; the API's refusal gives the
// reservation back. A creation counts once created, whatever becomes of it later.
import { LIMIT_WORDS } from './limit-words';
import { saidData, type SaidData } from '#/i18n/said-data';
import { randomUUID } from 'node:crypto';
import Decimal from 'decimal.js';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { LimitCreate, MoneyLimit } from '#/api/controls';
import type { Product } from '#/api/schemas/transaction';
import type { DashboardDb } from '../store/db';
import type { PartnerApi } from '../partner-api';
import type { Database } from '../store/schema';
import { serializedWithControls } from '../approvals/requests';

type Scope = MoneyLimit['scope'];
type Period = MoneyLimit['period'];
export type StoredLimit = Omit<MoneyLimit, 'targetName' | 'used' | 'usedBy'>;

/** What a creation is, for the limits: who, out of or into which merchant, and how much. */
export interface Creation {
  environment: string;
  person: { id: string; name: string };
  merchant: { id: number; name: string | null };
  /** The amount in the base currency; null when the API would not price its currency. */
  amount: string | null;
  base: string;
  /** What it is: a collection is named so, the others "payout". */
  product: Product;
  /** The reservation's id: a bulk file's row keeps its own across retries. */
  reservation?: string | undefined;
}

/** Why a creation is refused, in words, with the figures. */
export interface LimitRefusal {
  code: 'LIMIT_EXCEEDED' | 'LIMIT_UNPRICED';
  /** Words as data: told in the reader's language, or kept (decision 092). */
  detail: SaidData;
  limit: {
    id: string;
    scope: Scope;
    period: Period;
    amount: string;
    used: string;
    wouldBe: string;
  };
}

/** The period a moment falls in: `2026-11-29` for a day, `2026-11` for a month (UTC). */
const periodKey = (period: 'day' | 'month', at: number) =>
  new Date(at).toISOString().slice(0, period === 'day' ? 10 : 7);

/** The totals a creation adds to: its person, merchant and workspace, by day and by month. */
function totalKeys(c: Creation, at: number) {
  const targets: [Scope, string][] = [
    ['person', c.person.id],
    ['merchant', String(c.merchant.id)],
    ['workspace', '*'],
  ];
  return targets.flatMap(([scope, target]) =>
    (['day', 'month'] as const).map((period) => ({
      scope,
      target,
      period,
      key: `${c.environment}|${scope}|${target}|${period}|${periodKey(period, at)}`,
    })),
  );
}

/** Whether a limit is about this creation's person, merchant or workspace. */
const appliesTo = (limit: StoredLimit, c: Creation) =>
  limit.scope === 'workspace' ||
  (limit.scope === 'person' && (limit.target === '*' || limit.target === c.person.id)) ||
  (limit.scope === 'merchant' && (limit.target === '*' || limit.target === String(c.merchant.id)));

/** A limit passed, in words: "Fatima Finance has created 48,200.00 of her 50,000.00 EUR day limit…". */
function refusalWords(limit: StoredLimit, c: Creation, used: string, wouldBe: string): SaidData {
  const money = (amount: string) => ({ amount, currency: c.base });
  const name =
    limit.scope === 'person'
      ? c.person.name
      : (c.merchant.name ?? saidData(LIMIT_WORDS.merchantNumber, { id: String(c.merchant.id) }));
  const values = {
    scope: limit.scope,
    name,
    product: c.product,
    currency: c.base,
    limit: money(limit.amount),
  };
  if (limit.period === 'transaction')
    return saidData(LIMIT_WORDS.perTransaction, { ...values, amount: money(wouldBe) });
  return saidData(LIMIT_WORDS.inPeriod, {
    ...values,
    period: limit.period,
    used: money(used),
    wouldBe: money(wouldBe),
  });
}

async function totalsIn(trx: Kysely<Database>, keys: readonly string[]) {
  if (keys.length === 0) return new Map<string, string>();
  const rows = await trx.selectFrom('limit_total').selectAll().where('key', 'in', keys).execute();
  return new Map(rows.map((r) => [r.key, r.amount]));
}

/** Adds `amount` (negative to give back) to each total, in `trx`. */
async function addTo(trx: Kysely<Database>, keys: readonly string[], amount: Decimal) {
  const known = await totalsIn(trx, keys);
  for (const key of keys) {
    const was = known.get(key);
    const next = new Decimal(was ?? '0').plus(amount);
    if (was === undefined)
      await trx.insertInto('limit_total').values({ key, amount: next.toFixed() }).execute();
    else
      await trx
        .updateTable('limit_total')
        .set({ amount: Decimal.max(next, 0).toFixed() })
        .where('key', '=', key)
        .execute();
  }
}

const toLimit = (row: Database['money_limit']): StoredLimit => ({
  id: row.id,
  scope: row.scope as Scope,
  target: row.target,
  period: row.period as Period,
  amount: row.amount,
  createdAt: Number(row.created_at),
  createdBy: row.created_by,
});

export function limitStore(store: DashboardDb, now: () => number = Date.now) {
  const { db } = store;
  const list = async (): Promise<StoredLimit[]> =>
    (await db.selectFrom('money_limit').selectAll().orderBy('created_at').execute()).map(toLimit);

  return {
    list,

    async add(limit: z.output<typeof LimitCreate>, by: string | null): Promise<StoredLimit> {
      const row = {
        id: randomUUID(),
        scope: limit.scope,
        target: limit.scope === 'workspace' ? '*' : limit.target,
        period: limit.period,
        amount: limit.amount,
        created_at: now(),
        created_by: by,
      };
      await db.insertInto('money_limit').values(row).execute();
      return toLimit(row);
    },

    async remove(id: string): Promise<StoredLimit | undefined> {
      const row = await db
        .selectFrom('money_limit')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      await db.deleteFrom('money_limit').where('id', '=', id).execute();
      return toLimit(row);
    },

    /**
     * Reserves a creation against every limit about it, under the controls' lock: refused (and
     * nothing reserved) when one would be passed; else its amount is added to the totals and the
     * reservation's id answered, to settle or give back once the API has answered. A reservation
     * already made (a bulk row tried again) is answered as it is.
     */
    async reserve(c: Creation): Promise<{ reservation: string } | { refused: LimitRefusal }> {
      const at = now();
      const reservation = c.reservation ?? randomUUID();
      return serializedWithControls(store, async (trx) => {
        const made = await trx
          .selectFrom('limit_use')
          .select('id')
          .where('id', '=', reservation)
          .executeTakeFirst();
        if (made) return { reservation };
        const limits = (await trx.selectFrom('money_limit').selectAll().execute())
          .map(toLimit)
          .filter((l) => appliesTo(l, c));
        const keys = totalKeys(c, at);
        if (limits.length > 0 && c.amount === null) {
          const first = limits[0]!;
          return {
            refused: {
              code: 'LIMIT_UNPRICED' as const,
              detail: saidData(LIMIT_WORDS.unpriced, { currency: c.base, product: c.product }),
              limit: {
                id: first.id,
                scope: first.scope,
                period: first.period,
                amount: first.amount,
                used: '0',
                wouldBe: '0',
              },
            },
          };
        }
        const amount = new Decimal(c.amount ?? '0');
        const totals = await totalsIn(
          trx,
          keys.map((k) => k.key),
        );
        for (const limit of limits) {
          const key =
            limit.period === 'transaction'
              ? undefined
              : keys.find((k) => k.scope === limit.scope && k.period === limit.period)!.key;
          const used = new Decimal(key ? (totals.get(key) ?? '0') : '0');
          const wouldBe = used.plus(amount);
          if (wouldBe.gt(limit.amount))
            return {
              refused: {
                code: 'LIMIT_EXCEEDED' as const,
                detail: refusalWords(limit, c, used.toFixed(), wouldBe.toFixed()),
                limit: {
                  id: limit.id,
                  scope: limit.scope,
                  period: limit.period,
                  amount: limit.amount,
                  used: used.toFixed(),
                  wouldBe: wouldBe.toFixed(),
                },
              },
            };
        }
        const keyList = keys.map((k) => k.key);
        await addTo(trx, keyList, amount);
        await trx
          .insertInto('limit_use')
          .values({
            id: reservation,
            keys: JSON.stringify(keyList),
            amount: amount.toFixed(),
            at,
            status: 'reserved',
          })
          .execute();
        return { reservation };
      });
    },

    /** The API created it: the reservation stays counted. */
    async settle(reservation: string) {
      await db
        .updateTable('limit_use')
        .set({ status: 'used' })
        .where('id', '=', reservation)
        .execute();
    },

    /** The API refused it: the reservation is given back to the totals, once. */
    async release(reservation: string) {
      await serializedWithControls(store, async (trx) => {
        const use = await trx
          .selectFrom('limit_use')
          .selectAll()
          .where('id', '=', reservation)
          .where('status', '=', 'reserved')
          .executeTakeFirst();
        if (!use) return;
        await addTo(trx, JSON.parse(use.keys) as string[], new Decimal(use.amount).negated());
        await trx.deleteFrom('limit_use').where('id', '=', reservation).execute();
      });
    },

    /**
     * Each limit's use now: the current day's or month's total of its person, merchant or
     * workspace in `environment`; for "each person" or "each merchant", the largest and whose.
     */
    async uses(environment: string): Promise<Map<string, { used: string; target: string } | null>> {
      const at = now();
      const out = new Map<string, { used: string; target: string } | null>();
      for (const limit of await list()) {
        if (limit.period === 'transaction') {
          out.set(limit.id, null);
          continue;
        }
        const prefix = `${environment}|${limit.scope}|`;
        const suffix = `|${limit.period}|${periodKey(limit.period, at)}`;
        const rows =
          limit.target === '*' && limit.scope !== 'workspace'
            ? await db
                .selectFrom('limit_total')
                .selectAll()
                .where('key', 'like', `${prefix}%${suffix}`)
                .execute()
            : await db
                .selectFrom('limit_total')
                .selectAll()
                .where('key', '=', `${prefix}${limit.target}${suffix}`)
                .execute();
        const top = rows.reduce<{ used: string; target: string } | null>((best, r) => {
          const target = r.key.slice(prefix.length, r.key.length - suffix.length);
          return best === null || new Decimal(r.amount).gt(best.used)
            ? { used: r.amount, target }
            : best;
        }, null);
        out.set(limit.id, top ?? { used: '0', target: limit.target });
      }
      return out;
    },
  };
}

export type LimitStore = ReturnType<typeof limitStore>;

/** What a creation needs read before it is reserved: the base currency, a rate, a name. */
export interface LimitCheckDeps {
  limits: LimitStore;
  baseCurrency: () => Promise<string>;
  /** Units of `base` per unit of `symbol` at the API's rate now; null when it will not say. */
  rateToBase: (
    environment: string,
    api: PartnerApi,
    symbol: string,
    base: string,
  ) => Promise<string | null>;
  merchantName: (environment: string, id: number) => Promise<string | null>;
}

/**
 * A creation's reservation against the limits, where there are any (none: nothing is reserved
 * or counted, so that a workspace without limits pays nothing for them): its payout in the base
 * currency at the API's rate now, for its creator, merchant and workspace.
 */
export function limitChecks(deps: LimitCheckDeps) {
  return async function reserveCreation(
    environment: string,
    person: { id: string; name: string },
    c: { product: Product; merchantId: number; toAmount: string; currency: string | undefined },
    api: PartnerApi,
    reservation?: string,
  ): Promise<{ reservation: string | undefined } | { refused: LimitRefusal }> {
    if ((await deps.limits.list()).length === 0) return { reservation: undefined };
    const base = await deps.baseCurrency();
    const rate =
      c.currency === undefined
        ? null
        : c.currency.toUpperCase() === base.toUpperCase()
          ? '1'
          : await deps.rateToBase(environment, api, c.currency, base);
    return deps.limits.reserve({
      environment,
      person,
      merchant: { id: c.merchantId, name: await deps.merchantName(environment, c.merchantId) },
      amount:
        rate === null ? null : new Decimal(c.toAmount).times(rate).toDecimalPlaces(2).toFixed(),
      base,
      product: c.product,
      reservation,
    });
  };
}
