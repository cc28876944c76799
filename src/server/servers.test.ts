// Several servers as one (issue 59, docs/decisions/077): two dashboard servers on one PostgreSQL
// database, each with its own HTTP port, as a load balancer would spread people over them. A
// session made on one works on the other; approvers racing on the two servers over the same
// approval give one 200 and one 409 naming who decided, one decision recorded and one release
// on the audit trail: for a quote, a deposit, new bank details, a bulk file and a held change of
// the controls. Three servers of different addresses keep one webhook endpoint at the API, each
// event is delivered once, and each server verifies deliveries with its secret.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeader } from '#/api/webhook-signing';
import { merchantBody, payoutAccountBody } from '#/sandbox/testing';
import type { Parties } from '#/sandbox/testing';
import {
  callApi,
  callSandboxDirectly,
  createdTransaction,
  quoteBatch,
  startTestDashboard,
  type TestDashboard,
  uploadBatchFile,
} from './testing';

const ROUNDS = 3;

describe('two servers sharing PostgreSQL', () => {
  let a: TestDashboard;
  let b: TestDashboard;
  let parties: Parties;
  const cookies: Record<string, { a: string; b: string }> = {};
  /** One person signed in on both servers. */
  const on = (name: string) => cookies[name]!;

  beforeAll(async () => {
    a = await startTestDashboard({ dialect: 'postgres' });
    b = await startTestDashboard({ alongside: a });
    for (const name of ['admin', 'finance', 'onboarding', 'approver', 'approver2', 'operations'])
      cookies[name] = {
        a: (await a.signIn(`${name}@demo.example`)).cookie,
        b: (await b.signIn(`${name}@demo.example`)).cookie,
      };
    parties = await a.parties(on('operations').a);
  }, 60_000);
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  /** The audit trail's entries of one action on one target. */
  const trail = (action: string, target: string) =>
    a.db.db
      .selectFrom('audit_log')
      .select(['outcome', 'actor_email', 'details'])
      .where('action', '=', action)
      .where('target', '=', target)
      .orderBy('seq')
      .execute();

  /** Two people deciding at once, one on each server; the answers in that order. */
  const race = (first: () => Promise<Answer>, second: () => Promise<Answer>) =>
    Promise.all([first(), second()]);
  type Answer = Awaited<ReturnType<typeof callApi>>;

  /** One answer 200 and the other 409 naming the winner; the winner's person. */
  function oneWins(answers: Answer[], names: [string, string]) {
    const statuses = answers.map((r) => r.status);
    expect(statuses.toSorted(), JSON.stringify(answers.map((r) => r.json))).toEqual([200, 409]);
    const winner = names[statuses.indexOf(200)]!;
    const lost = answers[statuses.indexOf(409)]!;
    expect(lost.json.code).toBe('APPROVAL_CLOSED');
    expect(lost.json.detail).toMatch(
      new RegExp(`already decided by ${winner} at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC`),
    );
    return winner;
  }

  it('keeps a session made on one server on the other', async () => {
    const { cookie } = await a.signIn('viewer@demo.example');
    const onB = await b.call(cookie, 'GET', '/session');
    expect(onB.status).toBe(200);
    expect(onB.json).toMatchObject({ signedIn: true, user: { email: 'viewer@demo.example' } });
  });

  it('takes one of two approvals of a quote given at once on two servers', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const id = await createdTransaction(a, on('finance').a, parties, 'sendc2f', {
        quoted: true,
      });
      const path = `/v1/sendc2f/approveQuote/${id}`;
      const answers = await race(
        () => a.call(on('approver').a, 'POST', path),
        () => b.call(on('approver2').b, 'POST', path),
      );
      const winner = oneWins(answers, ['Aiko Approver', 'Bruno Approver']);
      // The money moved once; one request, approved, with the one decision that counted.
      expect((await a.call(on('finance').a, 'GET', `/v1/sendc2f/${id}`)).json.clientStatus).toBe(
        'OnOff_AWAITING_DEPOSIT',
      );
      const requests = (
        await a.call(on('finance').a, 'GET', `/controls/transactions/sendc2f/${id}`)
      ).json.approvals as { action: string; status: string; decisions: { userName: string }[] }[];
      const quote = requests.filter((r) => r.action === 'approveQuote');
      expect(quote).toHaveLength(1);
      expect(quote[0]).toMatchObject({ status: 'approved', decisions: [{ userName: winner }] });
      // The trail: one release (sent, then ok), and one refusal saying who decided.
      const entries = await trail(
        'POST /v1/sendc2f/approveQuote/{id}',
        `sendc2f/approveQuote/${id}`,
      );
      expect(entries.map((e) => e.outcome).toSorted()).toEqual(['ok', 'refused', 'sent']);
      const refused = entries.find((e) => e.outcome === 'refused')!;
      expect(JSON.parse(refused.details!)).toMatchObject({
        reason: 'APPROVAL_CLOSED',
        decidedBy: winner,
      });
    }
  }, 90_000);

  it('takes one of two approvals of a deposit given at once on two servers', async () => {
    const id = await createdTransaction(a, on('finance').a, parties, 'sendc2f', { quoted: true });
    const quote = await a.call(on('approver').a, 'POST', `/v1/sendc2f/approveQuote/${id}`);
    expect(quote.status).toBe(200);
    const path = `/v1/sendc2f/approveDeposit/${id}`;
    const answers = await race(
      () => a.call(on('approver').a, 'POST', path, {}),
      () => b.call(on('approver2').b, 'POST', path, {}),
    );
    const winner = oneWins(answers, ['Aiko Approver', 'Bruno Approver']);
    const approvals = (await b.call(on('finance').b, 'GET', `/controls/transactions/sendc2f/${id}`))
      .json.approvals as { action: string; status: string; decisions: { userName: string }[] }[];
    const deposit = approvals.filter((r) => r.action === 'approveDeposit');
    expect(deposit).toHaveLength(1);
    expect(deposit[0]).toMatchObject({ status: 'approved', decisions: [{ userName: winner }] });
  }, 60_000);

  it('takes one of two approvals of new bank details given at once on two servers', async () => {
    const account = await a.call(
      on('onboarding').a,
      'POST',
      '/v1/businessExternalAccount/',
      payoutAccountBody(parties.merchantId, {
        accountNumber: '|ACTIVE',
        iban: 'DE89370400440532013000',
        swiftCode: 'COBADEFFXXX',
      }),
    );
    expect(account.status, JSON.stringify(account.json)).toBe(200);
    const held = await a.call(
      on('onboarding').a,
      'PUT',
      `/v1/businessExternalAccount/${account.json.id}`,
      {
        accountHolderName: 'Lumen Textiles GmbH',
        bankName: 'Crédit Agricole',
        countryIso: 'FR',
        iban: 'FR7630006000011234567890189',
        swiftCode: 'AGRIFRPP',
      },
    );
    expect(held.status, JSON.stringify(held.json)).toBe(202);
    const path = `/controls/payee-changes/${held.json.change.id}/approve`;
    const answers = await race(
      () => a.call(on('approver').a, 'POST', path),
      () => b.call(on('approver2').b, 'POST', path),
    );
    oneWins(answers, ['Aiko Approver', 'Bruno Approver']);
    const changed = await b.call(
      on('finance').b,
      'GET',
      `/v1/businessExternalAccount/${account.json.id}`,
    );
    expect(changed.json.iban).toBe('FR7630006000011234567890189');
  }, 60_000);

  it('takes one of two approvals of a bulk file given at once on two servers', async () => {
    const m = parties.merchantId;
    const uploaded = await uploadBatchFile(a.base, on('finance').a, [
      `${m},ACC-EUR,USDT(TRC20),10,SALARY,RACE-1`,
      `${m},ACC-EUR,USDT(TRC20),12,SALARY,RACE-2`,
    ]);
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(200);
    const quoted = await quoteBatch(a.base, on('finance').a, uploaded.id);
    expect(quoted.json.status).toBe('awaiting_approval');
    const path = `/batches/${uploaded.id}/decision`;
    const answers = await race(
      () => a.call(on('approver').a, 'POST', path, { decision: 'approve' }),
      () => b.call(on('approver2').b, 'POST', path, { decision: 'approve' }),
    );
    oneWins(answers, ['Aiko Approver', 'Bruno Approver']);
    const decisions = await a.db.db
      .selectFrom('batch_decision')
      .select('user_name')
      .where('batch_id', '=', uploaded.id)
      .execute();
    expect(decisions).toHaveLength(1);
  }, 60_000);

  it('takes one of two approvals of a held change of the controls, on two servers', async () => {
    // Three admins: Ada proposes, Ben and Cai approve at once.
    const admins: Record<string, { a: string; b: string }> = {};
    for (const [email, name] of [
      ['ben@partner.example', 'Ben Second'],
      ['cai@partner.example', 'Cai Third'],
    ] as const) {
      const { password } = await a.server.workspace.createUser({ email, name, roles: ['admin'] });
      admins[email.slice(0, 3)] = {
        a: (await a.signIn({ email, password })).cookie,
        b: (await b.signIn({ email, password })).cookie,
      };
    }
    const proposed = await a.call(on('admin').a, 'POST', '/controls/policies', {
      action: 'approveQuote',
      currency: 'EUR',
      minAmount: '900000',
      approvers: 2,
    });
    expect(proposed.status, JSON.stringify(proposed.json)).toBe(202);
    const path = `/controls/changes/${proposed.json.change.id}/approve`;
    const answers = await race(
      () => a.call(admins.ben!.a, 'POST', path),
      () => b.call(admins.cai!.b, 'POST', path),
    );
    oneWins(answers, ['Ben Second', 'Cai Third']);
    const policies = (await b.call(on('admin').b, 'GET', '/controls/policies')).json.results as {
      minAmount: string;
    }[];
    expect(policies.filter((p) => p.minAmount === '900000')).toHaveLength(1);
  }, 60_000);

  it('keeps one webhook endpoint for three servers of different addresses; each event once', async () => {
    const c = await startTestDashboard({ alongside: a });
    try {
      const servers = [a, b, c];
      // All at once, then in turn: each server's index pass looks at the registration.
      await Promise.all(servers.map((x) => x.server.sync.syncNow('sandbox')));
      for (const x of servers) await x.server.sync.syncNow('sandbox');
      const endpoints = a.sandbox.db
        .prepare(
          'SELECT id, url, secret FROM webhook_endpoint WHERE partner_id = ? AND deleted_time IS NULL',
        )
        .all(a.demo.id) as { id: number; url: string; secret: string }[];
      expect(endpoints).toHaveLength(1);
      const [endpoint] = endpoints;
      expect(servers.map((x) => `${x.base}/hooks/index/sandbox`)).toContain(endpoint!.url);
      // Every server verifies a delivery signed with the one secret, whoever registered it.
      const body = JSON.stringify({ id: 1, type: 'test' });
      for (const x of servers) {
        const answer = await fetch(`${x.base}/hooks/index/sandbox`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-webhook-signature': signatureHeader(
              endpoint!.secret,
              Math.floor(Date.now() / 1000),
              body,
            ),
          },
          body,
        });
        expect(answer.status, x.base).toBe(204);
      }
      // An event is delivered once, to the one endpoint.
      const made = await callSandboxDirectly(
        a,
        'POST',
        '/v1/business/',
        merchantBody({ name: 'Three Servers GmbH', localRegNumber: 'HRB 3333' }),
      );
      expect(made.status).toBe(200);
      const deliveries = () =>
        a.sandbox.db
          .prepare(
            `SELECT d.state, d.attempts, d.webhook_id FROM delivery d JOIN event e ON e.id = d.event_id
             WHERE d.partner_id = ? AND e.object_id = ?`,
          )
          .all(a.demo.id, made.json.id) as {
          state: string;
          attempts: number;
          webhook_id: number;
        }[];
      await expect.poll(() => deliveries().map((d) => d.state)).toEqual(['delivered']);
      expect(deliveries()[0]).toMatchObject({ attempts: 1, webhook_id: endpoint!.id });
    } finally {
      await c.close();
    }
  }, 60_000);
});

describe('two servers sharing one budget of background calls', () => {
  it('make no more background calls together than one server may', async () => {
    const perSecond = 10;
    const a = await startTestDashboard({ dialect: 'postgres', apiBudgetPerSecond: perSecond });
    const b = await startTestDashboard({ alongside: a, apiBudgetPerSecond: perSecond });
    try {
      const calls = async () => {
        let total = 0;
        for (const x of [a, b])
          for (const line of (await x.server.metrics.text()).split('\n'))
            if (line.startsWith('dashboard_partner_api_calls_total{'))
              total += Number(line.split(' ').at(-1));
        return total;
      };
      const before = await calls();
      const started = Date.now();
      // Both servers pass over the index as fast as they can for three seconds.
      const until = started + 3_000;
      await Promise.all(
        [a, b].map(async (x) => {
          while (Date.now() < until) await x.server.sync.syncNow('sandbox');
        }),
      );
      const seconds = (Date.now() - started) / 1000;
      const made = (await calls()) - before;
      // The bucket's burst (one second's worth) and the rate for the time taken, no more.
      expect(made).toBeGreaterThan(perSecond);
      expect(made).toBeLessThanOrEqual(Math.ceil(perSecond * (seconds + 1)) + 1);
    } finally {
      await b.close();
      await a.close();
    }
  }, 60_000);
});
