// The approvals module's face (docs/decisions/074): `decide(ref, person, decision, reason)` and
// `explain(ref, person)` for every kind of subject, built once with the database, the clock and
// the notices.
import type { Decider } from '../controls/rules';
import { asDecidersIn } from './absences';
import {
  type ApprovalRef,
  type ApprovalsDeps,
  type Decided,
  type Decision,
  decideApproval,
  explainApproval,
} from './decide';

export function approvals(deps: ApprovalsDeps) {
  return {
    decide: <Facts, View>(
      ref: ApprovalRef<Facts, View>,
      person: Decider & { name: string },
      decision: Decision,
      reason: string | null = null,
    ): Promise<Decided<View>> => decideApproval(deps, ref, person, decision, reason),
    /** What `decide` would say now, changing nothing. */
    explain: <Facts, View>(
      ref: ApprovalRef<Facts, View>,
      person: Decider,
      decision: Decision = 'approve',
    ) => explainApproval(deps, ref, person, decision),
    /**
     * The person as the rule reads them now (docs/decisions/088): someone without the approver
     * role with the approvers away who named them their delegate; an approver as they are.
     */
    asDecider: async <P extends Decider>(person: P): Promise<P & Pick<Decider, 'standsInFor'>> =>
      (await asDecidersIn(deps.db.db, [person], deps.now()))[0]!,
    /** `asDecider` of several people, read at once (the live hub's counts of everyone). */
    asDeciders: <P extends Decider>(people: readonly P[]) =>
      asDecidersIn(deps.db.db, people, deps.now()),
  };
}

export type Approvals = ReturnType<typeof approvals>;
