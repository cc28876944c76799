import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DashboardDb } from './db';
import { signInFailures } from './sign-in-failures';
import { DIALECTS, freshDashboardDb } from './testing';

describe.each(DIALECTS)('failed sign-ins on %s', (dialect) => {
  let store: DashboardDb;
  let clock = 1_000_000;
  const now = () => clock;
  beforeAll(async () => {
    store = await freshDashboardDb(dialect);
  });
  afterAll(() => store.close());

  it('allows max failures in a window, then says how long to wait; a success clears nothing', async () => {
    const limit = signInFailures(store, { max: 3, windowMs: 60_000, now });
    for (let i = 0; i < 3; i++) {
      expect(await limit.retryAfter('account:a')).toBe(0);
      await limit.attempt('account:a', 'address:1');
      clock += 10_000;
    }
    // Failures at 0 s, 10 s and 20 s; now 30 s: the first expires at 60 s.
    expect(await limit.retryAfter('account:a')).toBe(30);
    expect(await limit.retryAfter('address:1')).toBe(30);
    expect(await limit.retryAfter('account:b')).toBe(0);
    clock += 30_000;
    expect(await limit.retryAfter('account:a')).toBe(0);
  });

  it('is shared by every limiter on the same database, as by servers sharing it', async () => {
    const one = signInFailures(store, { max: 2, windowMs: 60_000, now });
    const two = signInFailures(store, { max: 2, windowMs: 60_000, now });
    await one.attempt('account:shared');
    await two.attempt('account:shared');
    expect(await one.retryAfter('account:shared')).toBeGreaterThan(0);
    expect(await two.retryAfter('account:shared')).toBeGreaterThan(0);
  });

  it('forgets failures older than the window', async () => {
    const limit = signInFailures(store, { max: 1, windowMs: 1_000, now });
    await limit.attempt('account:old');
    clock += 5_000;
    await limit.attempt('account:other');
    const left = await store.db
      .selectFrom('sign_in_failure')
      .select('key')
      .where('key', '=', 'account:old')
      .execute();
    expect(left).toEqual([]);
  });
});
