// The one decision (docs/decisions/074), over every kind of subject, on SQLite and PostgreSQL: a
// table of what each kind does with the same decisions, and as a property that `explain` says
// what `decide` then does.
import { sayIn } from '../words';
import { type Said } from '#/i18n/words';
import { CHANGE } from '../controls/change-words';
import { saidData } from '#/i18n/said-data';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#/api/roles';
import { controlChanges } from '../controls/changes';
import { controlsStore } from '../controls/store';
import type { DashboardDb } from '../store/db';
import { DIALECTS, freshDashboardDb, insertPeople } from '../store/testing';
import { approvals } from './approvals';
import type { ApprovalRef } from './decide';
import { changeRef } from './subjects/change';
import { requestRef } from './subjects/request';
import { REQUEST_TTL_MS } from './requests';

/** A subject of any kind, as the table walks them (each kind's facts and view differ). */
type AnyRef = ApprovalRef<never, unknown>;
type Person = { id: string; name: string; roles: Role[] };
const person = (id: string, ...roles: Role[]): Person => ({ id, name: id, roles });
const asker = person('asker', 'finance', 'approver', 'admin');
const ana = person('ana', 'approver', 'admin');
const bruno = person('bruno', 'approver', 'admin');
const gone = person('gone', 'approver', 'admin');
const viewer = person('viewer', 'viewer');

describe.each(DIALECTS)('one decision for every approval, on %s', (dialect) => {
  let db: DashboardDb;
  let clock = 1_800_000_000_000;
  let next = 0;
  const told: { userId: string | null; by: string; what: string }[] = [];
  const english = (words: string | Said) =>
    typeof words === 'string' ? words : sayIn(null, words);
  const decisions = () =>
    approvals({
      db,
      now: () => clock,
      notices: {
        requestRejected: async (_trx, notice) => {
          told.push({
            userId: notice.userId,
            by: english(notice.by),
            what: english(notice.what),
          });
        },
      },
    });
  beforeAll(async () => {
    db = await freshDashboardDb(dialect);
    await insertPeople(
      db,
      [asker, ana, bruno, gone, viewer].map((p) => ({
        id: p.id,
        email: `${p.id}@partner.example`,
        roles: p.roles.join(','),
        name: p.id,
        disabled: p === gone,
      })),
    );
  });
  afterAll(() => db.close());

  /** A subject of each kind, asked for by `asker`. */
  const subjects: Record<'quote' | 'change', () => Promise<AnyRef>> = {
    async quote() {
      const store = controlsStore(db, () => clock);
      const ref = { environment: 'sandbox', product: 'sendc2f' as const, transactionId: ++next };
      await store.recordOrigin(ref, asker.id);
      const opened = await store.openApproval(
        {
          ...ref,
          action: 'approveQuote',
          payout: { currency: 'EUR', amount: '100.00' },
          deposit: { currency: 'USD', amount: '110.00' },
        },
        null,
      );
      return requestRef(opened.id) as AnyRef;
    },
    async change() {
      const proposed = await controlChanges(
        db,
        async () => [],
        () => clock,
      ).propose(
        'setApprovalSettings',
        {},
        saidData(CHANGE.approvalSettings, { quote: 30, stepUp: 10, base: 'EUR' }),
        {
          ...asker,
          email: 'asker@partner.example',
        } as never,
      );
      return changeRef(proposed.id) as AnyRef;
    },
  };

  it.each(Object.keys(subjects) as (keyof typeof subjects)[])(
    'a %s: never its asker, approved by another, a rejection is told',
    async (kind) => {
      const ref = await subjects[kind]();
      const d = decisions();
      expect((await d.decide(ref, viewer, 'approve')).outcome).toEqual({
        kind: 'refused',
        refusal: 'FORBIDDEN_ROLE',
      });
      expect((await d.decide(ref, asker, 'approve')).outcome).toMatchObject({
        kind: 'refused',
        refusal: expect.stringMatching(/_CANNOT_APPROVE$/),
      });
      expect((await d.decide(ref, ana, 'approve')).outcome).toMatchObject({ kind: 'complete' });
      // A held change is closed by its decision. A transaction's request stays open until the
      // API has done what it approved (the gate marks it approved then): issue 59 closes it in
      // the decision's own transaction.
      if (kind === 'change')
        expect((await d.decide(ref, bruno, 'reject', 'late')).outcome).toEqual({
          kind: 'refused',
          refusal: 'APPROVAL_CLOSED',
        });

      const rejectedRef = await subjects[kind]();
      const before = told.length;
      expect((await d.decide(rejectedRef, bruno, 'reject', 'Wrong amount')).outcome).toEqual({
        kind: 'rejected',
      });
      // A transaction's creator hears of it; a held change is read on the Approvals page.
      expect(told.slice(before)).toEqual(
        kind === 'quote'
          ? [
              {
                userId: asker.id,
                by: 'bruno',
                what: expect.stringMatching(/^the quote of Payout #\d+ \(/),
              },
            ]
          : [],
      );
    },
  );

  it.each(Object.keys(subjects) as (keyof typeof subjects)[])(
    'a %s past its expiry is refused and closed as expired',
    async (kind) => {
      const ref = await subjects[kind]();
      clock += REQUEST_TTL_MS + 1;
      const decided = await decisions().decide(ref, ana, 'approve');
      expect(decided.outcome).toEqual({ kind: 'refused', refusal: 'APPROVAL_EXPIRED' });
      expect(decided.subject).toMatchObject({ status: 'expired' });
    },
  );

  it('a deactivated person decides nothing', async () => {
    for (const kind of ['quote', 'change'] as const) {
      const ref = await subjects[kind]();
      expect((await decisions().decide(ref, gone, 'approve')).outcome).toEqual({
        kind: 'refused',
        refusal: 'FORBIDDEN_ROLE',
      });
    }
  });

  it('an unknown subject is closed, and nothing is recorded', async () => {
    const decided = await decisions().decide(requestRef('no-such-request'), ana, 'approve');
    expect(decided).toEqual({
      outcome: { kind: 'refused', refusal: 'APPROVAL_CLOSED' },
      required: 1,
      subject: undefined,
    });
  });

  it('explains what the decision then does, whoever decides in whatever order', async () => {
    const people = [asker, ana, bruno, gone, viewer];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom<(keyof typeof subjects)[]>('quote', 'change'),
        fc.array(
          fc.record({
            who: fc.constantFrom(...people),
            decision: fc.constantFrom<('approve' | 'reject')[]>('approve', 'reject'),
          }),
          { minLength: 1, maxLength: 5 },
        ),
        async (kind, steps) => {
          const ref = await subjects[kind]();
          const d = decisions();
          for (const step of steps) {
            const explained = await d.explain(ref, step.who, step.decision);
            const decided = await d.decide(ref, step.who, step.decision, 'why');
            expect(decided.outcome).toEqual(explained.outcome);
          }
        },
      ),
      { numRuns: dialect === 'sqlite' ? 40 : 15 },
    );
  });
});
