// What a person reads of an approval (decision 074): whether they can give it now, if not why in
// words, and who can. Worked out from the subject's state by the same rule the one decision
// applies (`judge` of ../controls/rules.ts), for every screen and channel that shows an approval:
// the inbox, a transaction's page, a bulk file's page, the counts.
import { type Said, said } from '#/i18n/words';
import {
  type Decider,
  type RequestState,
  REFUSAL_WORDS,
  actingFor,
  judge,
} from '../controls/rules';

export interface Explained {
  canAct: boolean;
  /** Why not, told in the reader's language when the answer is written. */
  why: Said | null;
  /** The names of the people who could approve it now. */
  whoCan: string[];
  /** The name of the approver away this person would decide it for (088). */
  standingInFor: string | null;
}

/** Whether `person` could approve now and, if not, why in words. */
export function mayApprove(
  state: RequestState,
  person: Decider,
  required: number,
  now: number,
): Pick<Explained, 'canAct' | 'why'> {
  const outcome = judge(state, person, 'approve', required, now);
  return outcome.kind === 'refused'
    ? { canAct: false, why: said(REFUSAL_WORDS[outcome.refusal]) }
    : { canAct: true, why: null };
}

/** An approval as `person` reads it, with who among `approvers` could give it now. */
export function explainState(
  state: RequestState,
  person: Decider,
  required: number,
  approvers: readonly (Decider & { name: string })[],
  now: number,
): Explained {
  const may = mayApprove(state, person, required, now);
  const acting = may.canAct ? actingFor(state, person, 'approve') : undefined;
  return {
    ...may,
    whoCan: approvers.filter((p) => mayApprove(state, p, required, now).canAct).map((p) => p.name),
    standingInFor:
      acting && 'for' in acting
        ? (approvers.find((p) => p.id === acting.for)?.name ?? 'an approver away')
        : null,
  };
}
