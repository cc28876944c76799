// Who switched on a sandbox fault and who held the automatic moves is kept by the dashboard (the
// sandbox knows only the partner) and read by everyone signed in (decision 029).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from './store/testing';
import { JSON_CSRF, startTestDashboard, type TestDashboard } from './testing';

describe.each(DIALECTS)('sandbox notes on %s', (dialect) => {
  let t: TestDashboard;
  let tester: string, viewer: string;

  beforeAll(async () => {
    t = await startTestDashboard({ dialect });
    ({ tester, viewer } = await t.demoCookies('tester', 'viewer'));
  });
  afterAll(() => t.close());

  const call = (cookie: string, path: string, init: RequestInit = {}) =>
    fetch(`${t.base}/api${path}`, { ...init, headers: { cookie, ...JSON_CSRF } });

  const notes = async () => {
    const response = await call(viewer, '/sandbox/notes');
    expect(response.status).toBe(200);
    return ((await response.json()) as { results: unknown[] }).results;
  };

  describe('who changed the sandbox', () => {
    it('name who switched a fault on until it is switched off', async () => {
      expect(await notes()).toEqual([]);
      const created = await call(tester, '/v1/sandbox/faults/', {
        method: 'POST',
        body: JSON.stringify({ operationId: 'getMerchant', kind: 'error', count: 2 }),
      });
      expect(created.status).toBe(200);
      const fault = (await created.json()) as { id: number };
      expect(await notes()).toEqual([
        { kind: 'fault', objectId: fault.id, byName: 'Theo Tester', at: expect.any(Number) },
      ]);
      const off = await call(tester, `/v1/sandbox/faults/${fault.id}`, { method: 'DELETE' });
      expect(off.status).toBeLessThan(300);
      expect(await notes()).toEqual([]);
    });

    it('name who held the automatic moves until they are released', async () => {
      expect((await call(tester, '/v1/sandbox/moves/hold', { method: 'POST' })).status).toBe(200);
      expect(await notes()).toEqual([
        { kind: 'hold', objectId: 0, byName: 'Theo Tester', at: expect.any(Number) },
      ]);
      expect((await call(tester, '/v1/sandbox/moves/release', { method: 'POST' })).status).toBe(
        200,
      );
      expect(await notes()).toEqual([]);
    });

    it('are not written by a refused change', async () => {
      const refused = await call(viewer, '/v1/sandbox/moves/hold', { method: 'POST' });
      expect(refused.status).toBe(403);
      expect(await notes()).toEqual([]);
    });
  });
});
