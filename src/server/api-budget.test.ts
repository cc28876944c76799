// The servers' one budget of background calls (decision 081), on SQLite and PostgreSQL: a bucket
// of `burst` calls refilled at `perSecond`, shared by every budget on the same database (every
// server), paused for all by a 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiBudget } from './api-budget';
import type { DashboardDb } from './store/db';
import { DIALECTS, freshDashboardDb } from './store/testing';

describe.each(DIALECTS)('the API budget (%s)', (dialect) => {
  let db: DashboardDb;
  let clock = 1_800_000_000_000;
  beforeAll(async () => {
    db = await freshDashboardDb(dialect);
  });
  afterAll(() => db.close());
  const budget = () => apiBudget(db, { perSecond: 10, burst: 10, now: () => clock });

  it('grants a burst, then one call every 1/perSecond, and says how long to wait', async () => {
    const one = budget();
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await one.take('sandbox'));
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(0));
    expect(answers[10]).toBe(100);
    clock += 50;
    expect(await one.take('sandbox')).toBe(50);
    clock += 50;
    expect(await one.take('sandbox')).toBe(0);
    expect(await one.take('sandbox')).toBe(100);
  });

  it('is one budget for every server on the database, whatever their number', async () => {
    clock += 10_000;
    const servers = [budget(), budget(), budget()];
    // All at once: the three together get the bucket's ten, not ten each.
    const granted = (
      await Promise.all(Array.from({ length: 30 }, (_, i) => servers[i % 3]!.take('live')))
    ).filter((wait) => wait === 0);
    expect(granted).toHaveLength(10);
    // A second later, ten more between them.
    clock += 1000;
    const later = [];
    for (let i = 0; i < 15; i++) later.push(await servers[i % 3]!.take('live'));
    expect(later.filter((wait) => wait === 0)).toHaveLength(10);
  });

  it('pauses every server after a 429 until its Retry-After has passed', async () => {
    clock += 10_000;
    const [a, b] = [budget(), budget()];
    await a.pause('sandbox', clock + 3000);
    // An earlier pause does not shorten a later one.
    await b.pause('sandbox', clock + 1000);
    expect(await b.take('sandbox')).toBe(3000);
    clock += 3000;
    expect(await b.take('sandbox')).toBe(0);
  });
});
