// Four eyes on the controls themselves (docs/decisions/042), on SQLite and PostgreSQL: where the
// workspace has two admins, a policy change, a change of roles, a new person or new approval
// settings by one admin does not apply until the other approves it; its author cannot approve
// it; a rejection keeps things as they were; a lone admin's changes apply at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../store/testing';
import { startTestDashboard, type TestDashboard } from '../testing';

describe.each(DIALECTS)('four eyes on the controls (%s)', (dialect) => {
  let t: TestDashboard;
  let ada: string;
  let ben: string;
  let finance: string;
  /** What a 12,500 EUR payout's quote approval needs now. */
  const needs = async () =>
    (
      await t.call(
        ada,
        'GET',
        '/controls/requirement?product=sendc2f&payoutCurrency=EUR&payoutAmount=12500',
      )
    ).json.results.find((r: { action: string }) => r.action === 'approveQuote').required;

  beforeAll(async () => {
    t = await startTestDashboard({ dialect });
    ada = (await t.signIn('admin@demo.example')).cookie;
    finance = (await t.signIn('finance@demo.example')).cookie;
  });
  afterAll(() => t.close());

  it("applies a lone admin's changes at once, the second admin included", async () => {
    const policy = await t.call(ada, 'POST', '/controls/policies', {
      action: 'approveDeposit',
      currency: 'EUR',
      minAmount: '100000',
      approvers: 2,
    });
    expect(policy.status).toBe(200);
    const added = await t.call(ada, 'POST', '/admin/users', {
      email: 'ben@example.com',
      name: 'Ben Second',
      roles: ['admin'],
    });
    expect(added.status, JSON.stringify(added.json)).toBe(200);
    ben = (
      await t.signIn({ email: 'ben@example.com', password: added.json.oneTimePassword as string })
    ).cookie;
    expect(ben).not.toBe('');
  });

  it('holds a policy until the other admin approves it; its author cannot', async () => {
    expect(await needs()).toBe(1);
    const proposed = await t.call(ada, 'POST', '/controls/policies', {
      action: 'approveQuote',
      currency: 'eur',
      minAmount: '10,000',
      approvers: 2,
    });
    expect(proposed.status, JSON.stringify(proposed.json)).toBe(202);
    expect(proposed.json.change).toMatchObject({
      kind: 'addPolicy',
      status: 'pending',
      authorName: 'Ada Admin',
      summary:
        'Add a policy: Quote approval of any product, when the payout is 10,000.00 EUR or more, needs 2 approvers.',
      canAct: false,
    });
    const id = proposed.json.change.id as string;
    // Not applied yet: a quote still needs one approver.
    expect(await needs()).toBe(1);
    const own = await t.call(ada, 'POST', `/controls/changes/${id}/approve`);
    expect(own.status).toBe(403);
    expect(own.json.code).toBe('AUTHOR_CANNOT_APPROVE');
    const byFinance = await t.call(finance, 'POST', `/controls/changes/${id}/approve`);
    expect(byFinance.status).toBe(403);
    // Ben sees it waiting for him, and approves.
    const listed = await t.call(ben, 'GET', '/controls/changes');
    expect(listed.json.results[0]).toMatchObject({ id, status: 'pending', canAct: true });
    // Told in the reader's language, with the language's number formats; English in the trail.
    await t.call(ben, 'PUT', '/account/language', { language: 'de' });
    const german = await t.call(ben, 'GET', '/controls/changes');
    await t.call(ben, 'PUT', '/account/language', { language: null });
    expect(german.json.results[0].summary).toBe(
      'Richtlinie hinzufügen: Freigabe des Kursangebots für alle Produkte, wenn die Auszahlung 10.000,00 EUR oder mehr beträgt, benötigt 2 Freigebende.',
    );
    const approved = await t.call(ben, 'POST', `/controls/changes/${id}/approve`);
    expect(approved.status, JSON.stringify(approved.json)).toBe(200);
    expect(approved.json.change).toMatchObject({ status: 'applied', decidedByName: 'Ben Second' });
    expect(await needs()).toBe(2);
    // Once decided, nobody decides it again.
    expect((await t.call(ben, 'POST', `/controls/changes/${id}/approve`)).status).toBe(409);
    const trail = await t.call(ada, 'GET', '/audit?action=approve%20control%20change');
    // Newest first: the refused second approval, then the one that applied it.
    expect(trail.json.results[0]).toMatchObject({ target: id, outcome: 'refused' });
    expect(trail.json.results[1]).toMatchObject({
      target: id,
      outcome: 'ok',
      details: expect.objectContaining({ proposedBy: 'Ada Admin', status: 'applied' }),
    });
  });

  it("keeps a person's roles when the other admin rejects the change", async () => {
    const people = (await t.call(ada, 'GET', '/admin/users')).json.results as {
      id: string;
      email: string;
      roles: string[];
    }[];
    const fatima = people.find((p) => p.email === 'finance@demo.example')!;
    const proposed = await t.call(ada, 'PUT', `/admin/users/${fatima.id}/roles`, {
      roles: ['finance', 'approver'],
    });
    expect(proposed.status).toBe(202);
    expect(proposed.json.change.summary).toBe(
      'Change the roles of Fatima Finance <finance@demo.example> from Finance to Finance and Approver.',
    );
    const rejected = await t.call(
      ben,
      'POST',
      `/controls/changes/${proposed.json.change.id}/reject`,
      {
        reason: 'Finance must not approve',
      },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.json.change).toMatchObject({
      status: 'rejected',
      reason: 'Finance must not approve',
    });
    const after = (await t.call(ada, 'GET', '/admin/users')).json.results.find(
      (p: { id: string }) => p.id === fatima.id,
    );
    expect(after.roles).toEqual(['finance']);
    // A rejection needs its reason.
    const again = await t.call(ada, 'PUT', `/admin/users/${fatima.id}/roles`, {
      roles: ['viewer'],
    });
    const noReason = await t.call(
      ben,
      'POST',
      `/controls/changes/${again.json.change.id}/reject`,
      {},
    );
    expect(noReason.status).toBe(400);
    expect(noReason.json.errors[0].field).toBe('reason');
    // Its author withdraws it instead; nobody else can.
    expect(
      (await t.call(ben, 'POST', `/controls/changes/${again.json.change.id}/withdraw`)).status,
    ).toBe(403);
    const withdrawn = await t.call(
      ada,
      'POST',
      `/controls/changes/${again.json.change.id}/withdraw`,
    );
    expect(withdrawn.json.change.status).toBe('withdrawn');
  });

  it('holds new approval settings, a new person and a policy removal too', async () => {
    const settings = await t.call(ben, 'PUT', '/controls/settings', {
      quoteValidityMinutes: 60,
      stepUpMinutes: 10,
      baseCurrency: 'usd',
    });
    expect(settings.status).toBe(202);
    expect((await t.call(ada, 'GET', '/controls/settings')).json.quoteValidityMinutes).toBe(1440);
    expect(
      (await t.call(ada, 'POST', `/controls/changes/${settings.json.change.id}/approve`)).json
        .change.status,
    ).toBe('applied');
    expect((await t.call(ada, 'GET', '/controls/settings')).json).toEqual({
      quoteValidityMinutes: 60,
      stepUpMinutes: 10,
      baseCurrency: 'USD',
      remindAfterHours: 4,
      escalateAfterHours: 24,
      expireAfterDays: 7,
      linkMinutes: 15,
    });

    const person = await t.call(ben, 'POST', '/admin/users', {
      email: 'sock@example.com',
      name: 'Sock Puppet',
      roles: ['approver'],
    });
    expect(person.status).toBe(202);
    expect(
      (await t.call(ada, 'GET', '/admin/users')).json.results.map(
        (p: { email: string }) => p.email,
      ),
    ).not.toContain('sock@example.com');

    const policies = (await t.call(ada, 'GET', '/controls/policies')).json.results as {
      id: string;
    }[];
    const removal = await t.call(ada, 'DELETE', `/controls/policies/${policies[0]!.id}`);
    expect(removal.status).toBe(202);
    expect((await t.call(ada, 'GET', '/controls/policies')).json.results).toHaveLength(
      policies.length,
    );
  });
});
