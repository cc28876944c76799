// New bank details of a payout account (docs/decisions/040): held for someone else's approval
// when money may be paid to the account, decided, withdrawn, and checked before they are saved.
import { sayText } from '../words';
import { payeeCountryProblems, payeeWarningCode } from './payee-words';
import { REFUSED } from '../refusal-words';
import { said, wordsCode } from '#/i18n/words';
import { requestRef } from '../approvals/subjects/request';
import type { PayeeChange, PayeeCheck, PayeeCheckResult } from '#/api/controls';
import type { z } from 'zod';

/** A payee change as answered: its warnings are words, told in the reader's language. */
type ToldPayeeChange = z.input<typeof PayeeChange>;
import type { Environment } from '#/api/dashboard';
import { operations } from '#/api/operations';
import {
  bankDetailsAfter,
  bankDetailsOf,
  changedBankDetails,
  otherAccountChanges,
  fromIban,
} from '#/api/payee';
import { PayoutAccountUpdate, type PayoutAccount } from '#/api/schemas/payout-account';
import { answerJson, type PartnerApi } from '../partner-api';
import type { User } from '../store/workspace';
import { REFUSAL_WORDS } from './rules';

/** An approval's refusals in a bank-detail change's words. */
const PAYEE_CHANGE_REFUSALS = {
  ...REFUSAL_WORDS,
  ALREADY_DECIDED: REFUSED.alreadyDecidedChange,
  APPROVAL_CLOSED: REFUSED.changeClosed,
  APPROVAL_EXPIRED: REFUSED.changeExpired,
};
import { lastOf, refusedProblem } from '../approvals/decide';
import { subjectOf } from '../approvals/requests';
import { type ControlsCore, stateOf, HELD_STATUSES } from './shared';
import {
  countryRefusal,
  type ProxiedCall,
  refuse,
  type Refused,
  type Verdict,
  withdrawRefusal,
} from './verdict';
import { saidData } from '#/i18n/said-data';

export function payeeControls(core: ControlsCore) {
  const { store, approvals, approvers, requirement, actionState, payeeChangeInfo, duplicates } =
    core;
  /** New bank details of an ACTIVE (or FROZEN) account wait for someone else's approval. */
  async function payeeUpdateVerdict(
    call: ProxiedCall,
    body: Record<string, unknown>,
    api: PartnerApi,
  ): Promise<Verdict> {
    // A body the API would refuse goes to the API, which names its fields.
    if (!PayoutAccountUpdate.safeParse(body).success) return { kind: 'forward' };
    const read = await api.call(operations.getPayoutAccount, { params: { id: call.id! } });
    if (!read.ok) return { kind: 'relay', response: read.response, audit: {} };
    const account = read.data;
    const before = bankDetailsOf(account);
    const after = bankDetailsAfter(before, body);
    const problems = payeeCountryProblems(after);
    if (problems.length > 0) return countryRefusal(problems);
    const changed = changedBankDetails(before, after);
    // An account money may be paid to (ACTIVE), or may be again (FROZEN), keeps its details
    // until someone else approves: freezing it first is no way around the control.
    if (!HELD_STATUSES.has(account.accountStatus) || changed.length === 0)
      return { kind: 'forward' };
    const warnings = await duplicates(call.environment, after, {
      accountId: account.id,
      businessId: account.businessId,
    });
    const opened = await store.openPayeeChange({
      environment: call.environment,
      accountId: account.id,
      currency: account.currencySymbol,
      author: call.user,
      body: JSON.stringify(body),
      change: {
        businessId: account.businessId,
        before,
        after,
        changed,
        alsoChanged: otherAccountChanges(account, body),
        warnings: warnings.map(payeeWarningCode),
      },
    });
    if ('pending' in opened) {
      return refuse(
        409,
        'PAYEE_CHANGE_PENDING',
        said(REFUSED.payeePending, { name: opened.pending.authorName ?? '' }),
        { reason: 'payee change pending', change: opened.pending.id },
      );
    }
    return {
      kind: 'hold',
      body: { change: await payeeChangeInfo(opened.change, await store.policies()) },
      audit: { change: opened.change.id, fields: changed, held: true },
    };
  }

  return {
    payeeUpdateVerdict,

    /** A payout account's bank-detail changes, with what this person can do about each. */
    async payeeChanges(user: User, environment: Environment, accountId: number) {
      const [policies, everyone, requests] = await Promise.all([
        store.policies(),
        approvers(),
        store.payeeChangesOf(environment, accountId),
      ]);
      const results = [];
      for (const request of requests) {
        const need = requirement(policies, subjectOf(request));
        results.push({
          ...(await payeeChangeInfo(request, policies)),
          ...(await actionState(user, stateOf(request, null), need.required, everyone)),
        });
      }
      return { results };
    },

    /**
     * One approver's decision on a payee change. The account must still have the details the
     * change started from; the last approval needed sends the change to the API, once.
     */
    async decidePayeeChange(
      user: User,
      environment: Environment,
      id: string,
      decision: 'approve' | 'reject',
      reason: string | null,
      api: PartnerApi,
      /** Called just before the change is sent to the API (the audit's `sent` entry). */
      beforeSend?: (accountId: number) => Promise<unknown>,
    ): Promise<
      | Refused
      | { change: ToldPayeeChange; applied?: { status: number; account: PayoutAccount | null } }
    > {
      const request = await store.request(id);
      if (!request || request.kind !== 'payee' || request.environment !== environment)
        return { refused: { status: 404, code: 'NOT_FOUND', detail: said(REFUSED.noChange) } };
      const policies = await store.policies();
      if (decision === 'approve' && request.status === 'pending') {
        const read = await api.call(operations.getPayoutAccount, {
          params: { id: request.objectId },
        });
        const stale = read.ok
          ? changedBankDetails(request.change!.before, bankDetailsOf(read.data)).length > 0
          : read.status === 404;
        if (!read.ok && !stale)
          return {
            refused: {
              status: 502,
              code: 'UPSTREAM_UNAVAILABLE',
              detail: said(REFUSED.accountUnread),
            },
          };
        if (stale) {
          const why = read.ok ? REFUSED.payeeStale : REFUSED.payeeGone;
          // Unless another approver is applying it now: then the decision below is refused.
          if (await store.close(id, 'stale', wordsCode(why)))
            return { refused: { status: 409, code: 'PAYEE_CHANGE_STALE', detail: said(why) } };
        }
      }
      const decided = await approvals.decide(requestRef(id), user, decision, reason);
      const { outcome } = decided;
      if (outcome.kind === 'refused') {
        return {
          refused: refusedProblem(
            outcome.refusal,
            decided.decidedBy,
            'change',
            PAYEE_CHANGE_REFUSALS,
          ),
        };
      }
      const after = decided.subject!;
      if (outcome.kind !== 'complete') return { change: await payeeChangeInfo(after, policies) };
      await beforeSend?.(after.objectId);
      // The body as it was proposed, checked when it was (payeeUpdateVerdict).
      const proposed = PayoutAccountUpdate.safeParse(
        answerJson({ body: Buffer.from(after.body ?? '{}') }),
      );
      const applied = proposed.success
        ? await api
            .call(
              operations.updatePayoutAccount,
              { params: { id: after.objectId }, body: proposed.data },
              // Kept in the local index once the change is marked approved.
              { idempotencyKey: `payee-change-${after.id}`, keepLater: true },
            )
            .catch(() => undefined)
        : undefined;
      if (!proposed.success) {
        await store.close(id, 'failed', wordsCode(REFUSED.payeeUnreadable));
      } else if (applied?.ok) {
        await store.markApproved(id);
        await api.keep(operations.updatePayoutAccount, applied);
      } else if (applied?.final) {
        await store.close(
          id,
          'failed',
          JSON.stringify(
            saidData(REFUSED.apiRefusedIt, {
              why: applied.refusal ?? saidData(REFUSED.apiStatus, { status: applied.status }),
            }),
          ),
        );
      } else {
        await store.releaseFailed(id, outcome.fresh ? user.id : null);
        return {
          refused: {
            status: 502,
            code: 'UPSTREAM_UNAVAILABLE',
            detail: said(REFUSED.approvalUnused),
          },
        };
      }
      const closed = (await store.request(id))!;
      // The approver is told which open payments keep the old details.
      return {
        change: await payeeChangeInfo(closed, policies, closed.status === 'approved'),
        applied: applied && { status: applied.status, account: applied.ok ? applied.data : null },
      };
    },

    /** Its author takes a pending change back. */
    async withdrawPayeeChange(
      user: User,
      environment: Environment,
      id: string,
    ): Promise<Refused | { change: ToldPayeeChange }> {
      const found = await store.request(id);
      const request = found?.kind === 'payee' && found.environment === environment ? found : null;
      const refusal = withdrawRefusal(request ?? undefined, user, 'approver');
      if (refusal || !request) return refusal!;
      // Closed, or being applied by an approver now: too late to withdraw.
      if (request.status !== 'pending' || !(await store.close(id, 'withdrawn', null)))
        return {
          refused: refusedProblem(
            'APPROVAL_CLOSED',
            lastOf(request.decisions) ?? undefined,
            'change',
            PAYEE_CHANGE_REFUSALS,
          ),
        };
      return {
        change: await payeeChangeInfo((await store.request(id))!, await store.policies()),
      };
    },

    /** Problems and warnings about bank details, before they are saved. */
    async payeeCheck(
      environment: Environment,
      check: PayeeCheck,
      /** The reader's language, for the problems' words. */
      language: string | null = null,
    ): Promise<PayeeCheckResult> {
      const details = bankDetailsOf(check);
      const found = await duplicates(environment, details, {
        accountId: check.accountId,
        businessId: check.businessId,
      });
      return {
        // Told here: the check's answer carries text (the form shows it under the field).
        problems: payeeCountryProblems(details).map((p) => ({
          ...p,
          message: sayText(language, p.message),
        })),
        warnings: found.map(({ field, message, accountId, businessId, merchantName }) => ({
          field,
          message: sayText(language, message),
          accountId,
          businessId,
          merchantName,
        })),
        fromIban: details.iban ? (fromIban(details.iban) ?? null) : null,
      };
    },
  };
}
