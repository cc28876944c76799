// The reports of the dashboard (docs/decisions/038), put together from the queries of each
// question: volume and statuses (./volume-queries.ts), durations (./duration-queries.ts) and the
// largest merchants (./merchant-queries.ts), on what they share (./report-basics.ts).
import Decimal from 'decimal.js';
import type { Report } from '#/api/reports';
import { bucketsOf, previousPeriod } from '#/api/periods';
import type { Product } from '#/api/schemas/transaction';
import { joinParts } from '../local-index/amount-parts';
import type { DashboardDb } from '../store/db';

import { type ReportFilter, type VolumeRow, change, type ReportPlan, AUTO } from './report-basics';
import { volumeQueries } from './volume-queries';
import { durationQueries } from './duration-queries';
import { merchantQueries } from './merchant-queries';

export type { ReportFilter, ReportPlan } from './report-basics';

export function reportQueries(store: DashboardDb) {
  const { volume, statuses } = volumeQueries(store);
  const { completedEver, durationsAt } = durationQueries(store);
  const { largestMerchants } = merchantQueries(store);
  return {
    async report(f: ReportFilter, plan: ReportPlan = AUTO): Promise<Omit<Report, 'freshness'>> {
      const buckets = bucketsOf(f.from, f.to, f.bucket, f.tz);
      const previous = previousPeriod(f.from, f.to, f.tz);
      const [rows, before, counted] = await Promise.all([
        volume(f, buckets, plan),
        volume(f, [{ start: previous.from, end: previous.to }], plan),
        statuses(f, plan),
      ]);
      const completed = rows.reduce((n, r) => n + Number(r.n), 0);
      const ever = completedEver(f);
      const merchants = await largestMerchants(
        f,
        [...new Set(rows.map((r) => r.to_currency))].sort(),
        completed,
        plan,
        ever,
      );

      // Sums per key as exact decimals: payout and deposit currencies, products, pairs.
      const add = (map: Map<string, Decimal>, key: string, value: string) =>
        map.set(key, (map.get(key) ?? new Decimal(0)).plus(value));
      const bump = (map: Map<string, number>, key: string, n: number) =>
        map.set(key, (map.get(key) ?? 0) + n);
      const tally = (list: VolumeRow[]) => {
        const t = {
          toTotal: new Map<string, Decimal>(),
          fromTotal: new Map<string, Decimal>(),
          toCount: new Map<string, number>(),
          fromCount: new Map<string, number>(),
          pairTo: new Map<string, Decimal>(),
          pairFrom: new Map<string, Decimal>(),
          pairCount: new Map<string, number>(),
          productTotal: new Map<string, Decimal>(),
          productCount: new Map<string, number>(),
          exact: true,
        };
        for (const r of list) {
          const n = Number(r.n);
          const to = joinParts(r.to_units, r.to_nanos);
          const from = joinParts(r.from_units, r.from_nanos);
          const b = Number(r.bucket);
          add(t.toTotal, `${b} ${r.to_currency}`, to);
          bump(t.toCount, `${b} ${r.to_currency}`, n);
          add(t.fromTotal, `${b} ${r.from_currency}`, from);
          bump(t.fromCount, `${b} ${r.from_currency}`, n);
          const pair = `${r.from_currency} ${r.to_currency}`;
          add(t.pairTo, `${b} ${pair}`, to);
          add(t.pairFrom, `${b} ${pair}`, from);
          bump(t.pairCount, `${b} ${pair}`, n);
          add(t.productTotal, `${r.product} ${r.to_currency}`, to);
          bump(t.productCount, `${r.product} ${r.to_currency}`, n);
          if (Number(r.exact) === 0) t.exact = false;
        }
        return t;
      };
      const now = tally(rows);
      const then = tally(before);
      const sumOver = (map: Map<string, Decimal>, key: string, count: number) => {
        let total = new Decimal(0);
        for (let b = 0; b < count; b++) total = total.plus(map.get(`${b} ${key}`) ?? 0);
        return total;
      };
      const countOver = (map: Map<string, number>, key: string, count: number) => {
        let total = 0;
        for (let b = 0; b < count; b++) total += map.get(`${b} ${key}`) ?? 0;
        return total;
      };
      const currencies = (map: Map<string, number>, other: Map<string, number>) =>
        [
          ...new Set([...map.keys(), ...other.keys()].map((k) => k.slice(k.indexOf(' ') + 1))),
        ].sort();
      const side = (which: 'to' | 'from') => {
        const totals = which === 'to' ? now.toTotal : now.fromTotal;
        const counts = which === 'to' ? now.toCount : now.fromCount;
        const pastTotals = which === 'to' ? then.toTotal : then.fromTotal;
        const pastCounts = which === 'to' ? then.toCount : then.fromCount;
        return currencies(counts, pastCounts)
          .map((currency) => {
            const total = sumOver(totals, currency, buckets.length).toFixed();
            const previousTotal = sumOver(pastTotals, currency, 1).toFixed();
            return {
              currency,
              count: countOver(counts, currency, buckets.length),
              total,
              previousCount: countOver(pastCounts, currency, 1),
              previousTotal,
              change: change(total, previousTotal),
              series: buckets.map((_, b) => ({
                count: counts.get(`${b} ${currency}`) ?? 0,
                total: (totals.get(`${b} ${currency}`) ?? new Decimal(0)).toFixed(),
              })),
            };
          })
          .filter((v) => v.count > 0 || v.previousCount > 0);
      };
      const rate = (to: Decimal | undefined, from: Decimal | undefined) =>
        to && from && !from.isZero() ? to.div(from).toSignificantDigits(10).toFixed() : null;
      const pairs = [
        ...new Set([...now.pairCount.keys()].map((k) => k.slice(k.indexOf(' ') + 1))),
      ].sort();

      const [medianMs = null, p90Ms = null] =
        completed === 0
          ? [null, null]
          : await durationsAt(
              f,
              completed,
              [Math.floor((completed - 1) / 2), Math.max(0, Math.ceil(completed * 0.9) - 1)],
              plan,
              ever,
            );

      return {
        period: {
          from: f.from,
          to: f.to,
          tz: f.tz,
          bucket: f.bucket,
          previousFrom: previous.from,
          previousTo: previous.to,
        },
        buckets,
        payout: side('to'),
        deposit: side('from'),
        byProduct: [...now.productCount.entries()]
          .map(([key, count]) => {
            const [product, currency] = key.split(' ') as [Product, string];
            return {
              product,
              currency,
              count,
              total: now.productTotal.get(key)!.toFixed(),
            };
          })
          .sort(
            (a, b) => a.product.localeCompare(b.product) || a.currency.localeCompare(b.currency),
          ),
        statuses: counted,
        completion: { count: completed, medianMs, p90Ms },
        rates: pairs.map((pair) => {
          const [from, to] = pair.split(' ') as [string, string];
          let sumTo = new Decimal(0);
          let sumFrom = new Decimal(0);
          const series = buckets.map((_, b) => {
            const t = now.pairTo.get(`${b} ${pair}`);
            const s = now.pairFrom.get(`${b} ${pair}`);
            if (t) sumTo = sumTo.plus(t);
            if (s) sumFrom = sumFrom.plus(s);
            return rate(t, s);
          });
          return {
            from,
            to,
            count: countOver(now.pairCount, pair, buckets.length),
            rate: rate(sumTo, sumFrom),
            series,
          };
        }),
        merchants,
        exact: now.exact && then.exact,
      };
    },
  };
}
