// The last admin on two servers sharing one PostgreSQL (docs/decisions/063): two admins, each
// signed in on another server, deactivate each other at the same moment, round after round;
// exactly one of them succeeds each time, and the workspace always keeps an active admin.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { callApi, dashboardProcess, serverProcessFolders, signInAt } from './testing';

const folders = serverProcessFolders('last-admin-');
const ROUNDS = 8;

describe('two servers, one database', () => {
  it('lets only one of two admins deactivating each other at once succeed', async () => {
    // One key for both: the partner's credentials one server seals, the other reads.
    const shared = { DASHBOARD_SECRET_KEY: randomBytes(32).toString('base64') };
    const a = await dashboardProcess(folders, 'postgres', shared);
    const b = await dashboardProcess(folders, 'postgres', shared);
    b.env.DASHBOARD_DATABASE_URL = a.env.DASHBOARD_DATABASE_URL!;
    await a.start();
    await b.start();
    const ada = (await signInAt(a.base, 'admin@demo.example')).cookie;
    const added = await callApi(a.base, ada, 'POST', '/admin/users', {
      email: 'ben@partner.example',
      name: 'Ben Second',
      roles: ['admin'],
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    const password = added.json.oneTimePassword as string;
    const people = async (cookie: string, base: string) =>
      (await callApi(base, cookie, 'GET', '/admin/users')).json.results as {
        id: string;
        email: string;
        roles: string[];
        disabledAt: number | null;
      }[];
    const ids = Object.fromEntries((await people(ada, a.base)).map((p) => [p.email, p.id]));
    const [adaId, benId] = [ids['admin@demo.example']!, ids['ben@partner.example']!];

    for (let round = 0; round < ROUNDS; round++) {
      // Ada on server A, Ben on server B, each signed in afresh (a deactivation ends sessions).
      const onA = (await signInAt(a.base, 'admin@demo.example')).cookie;
      const onB = (await signInAt(b.base, { email: 'ben@partner.example', password })).cookie;
      expect(onA && onB, `round ${round}: both signed in`).toBeTruthy();
      const answers = await Promise.all([
        callApi(a.base, onA, 'PUT', `/admin/users/${benId}/active`, { active: false }),
        callApi(b.base, onB, 'PUT', `/admin/users/${adaId}/active`, { active: false }),
      ]);
      // One succeeds. The other is refused: by the admins' lock (409 LAST_ADMIN), or, when the
      // first was done before it was even let in, because its own session ended with it (401).
      const statuses = answers.map((r) => r.status);
      expect(
        statuses.filter((s) => s === 200),
        `round ${round}: ${statuses}`,
      ).toHaveLength(1);
      const refused = answers.find((r) => r.status !== 200)!;
      expect([401, 409]).toContain(refused.status);
      if (refused.status === 409) expect(refused.json.code).toBe('LAST_ADMIN');
      // The one still active brings the other back for the next round.
      const [winnerBase, winnerCookie, loserId] =
        statuses[0] === 200 ? [a.base, onA, benId] : [b.base, onB, adaId];
      const active = (await people(winnerCookie, winnerBase)).filter(
        (p) => p.disabledAt === null && p.roles.includes('admin'),
      );
      expect(active, `round ${round}: one active admin`).toHaveLength(1);
      const back = await callApi(
        winnerBase,
        winnerCookie,
        'PUT',
        `/admin/users/${loserId}/active`,
        {
          active: true,
        },
      );
      expect(back.status).toBe(200);
    }
  }, 120_000);
});
