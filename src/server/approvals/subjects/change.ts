// A change of the controls held for a second admin (docs/decisions/042) as the one decision
// (../decide.ts) reads and moves it: its own rule (another active admin than its author, while
// it waits), one decision closes it, and an approved change is then applied by its caller.
import { judgeControlChange } from '../../controls/rules';
import { type StoredControlChange, loadChange } from '../../controls/changes';
import { type ApprovalRef, type SubjectKind, expireIn } from '../decide';

export const controlChangeKind: SubjectKind<never, StoredControlChange | undefined> = {
  async open(trx, id) {
    const load = () => loadChange(trx, id);
    const change = await load();
    if (!change) return undefined;
    return {
      state: {
        kind: 'change',
        status: change.status,
        expiresAt: change.expiresAt,
        originatorId: change.authorId,
        decisions: [],
      },
      required: 1,
      lastDecision:
        change.decidedByName && change.closedAt !== null
          ? { name: change.decidedByName, at: change.closedAt }
          : null,
      judge(decider, decision, time) {
        const refusal = judgeControlChange(change, decider, time);
        if (refusal) return { kind: 'refused', refusal };
        return decision === 'approve'
          ? { kind: 'complete', approvals: 1, fresh: true }
          : { kind: 'rejected' };
      },
      // The decision is the change's own row: who decided it, and why where rejected.
      record: async () => undefined,
      async settle(trx, outcome, e) {
        await trx
          .updateTable('control_change')
          .set({
            status: outcome.kind === 'complete' ? 'applied' : 'rejected',
            closed_at: e.at,
            decided_by: e.userId,
            decided_by_name: e.userName,
            reason: e.decision === 'reject' ? e.reason : null,
          })
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .execute();
      },
      expire: (trx, time) => expireIn(trx, 'control_change', id, time),
      // Its author reads the outcome on the Approvals page (as before this module).
      rejection: null,
      view: load,
    };
  },
};

/** A held change of the controls, by its id. */
export const changeRef = (id: string): ApprovalRef<never, StoredControlChange | undefined> => ({
  kind: controlChangeKind,
  id,
});
