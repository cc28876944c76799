// A transaction's approvals (docs/decisions/025, 041): what each needs and who can give it, the
// account it pays as recorded, rejecting with a reason, and what a transaction made outside the
// proxy records.
import { REFUSED } from '../refusal-words';
import { said } from '#/i18n/words';
import type { z } from 'zod';
import { requestRef } from '../approvals/subjects/request';
import type {
  ApprovalInfo,
  BankDetails,
  TransactionApproval,
  TransactionControls,
} from '#/api/controls';
import type { Environment } from '#/api/dashboard';
import { transactionOperations } from '#/api/operations';
import { Transaction } from '#/api/schemas/transaction';
import { isFinalStatus, transitionFor } from '#/api/transaction-states';
import { transitionWords } from './transition-words';
import { type PartnerApi } from '../partner-api';
import type { User } from '../store/workspace';
import type { UpstreamResponse } from '../upstream';
import { REFUSAL_WORDS } from './rules';
import { type TransactionRef } from '../approvals/requests';
import { type ControlsCore, transactionSubject, stateOf, noRequestYet } from './shared';
import { type Refused } from './verdict';

export function transactionApprovalControls(core: ControlsCore) {
  const {
    store,
    approvals,
    approvers,
    personNamed,
    requirement,
    actionState,
    approvalInfo,
    pendingOf,
    recipientRecord,
    inBase,
    quoteOf,
  } = core;
  return {
    /**
     * Who asked for a transaction made outside the proxy (a bulk payout's uploader, a scheduled
     * payout's creator); with `waiting`, the approvers are told its quote waits for them.
     */
    recordOrigin: (
      ref: TransactionRef,
      userId: string,
      waiting?: { amount: string; currency: string },
    ) => store.recordOrigin(ref, userId, waiting),
    /** What a transaction made outside the proxy pays: the account as it was approved. */
    recordRecipient: (
      ref: TransactionRef,
      payee: { accountId: number; currency: string; bankName: string | null; details: BankDetails },
      userId: string,
    ) => store.recordRecipient(ref, payee, userId),

    /**
     * A transaction's approvals, what each approval needs now and whether this person can give
     * it (else who can), and the record of the account it was sent to.
     */
    async transactionControls(
      user: User,
      ref: TransactionRef,
      api: PartnerApi,
    ): Promise<z.input<typeof TransactionControls> | { response: UpstreamResponse }> {
      const read = await api.call(transactionOperations[ref.product].get, {
        params: { id: ref.transactionId },
      });
      if (!read.ok) return { response: read.response };
      const t = read.data;
      const [policies, requests, creator, everyone, settings] = await Promise.all([
        store.policies(),
        store.approvalsOf(ref),
        store.originOf(ref),
        approvers(),
        store.settings(),
      ]);
      const actionOf = async (action: TransactionApproval) => {
        const need = requirement(
          policies,
          (
            await inBase(
              ref.environment,
              api,
              policies,
              transactionSubject(action, ref.product, t),
              false,
              settings.baseCurrency,
            )
          ).subject,
        );
        const open = pendingOf(requests, action);
        const state = open ? stateOf(open, creator ?? null) : noRequestYet(creator ?? null);
        return { ...need, ...(await actionState(user, state, need.required, everyone)) };
      };
      return {
        approvals: requests.map((r) => approvalInfo(r, policies)),
        actions: {
          approveQuote: await actionOf('approveQuote'),
          approveDeposit: await actionOf('approveDeposit'),
        },
        recipient: await recipientRecord(ref, t.toBusinessExternalAccountId, api),
        creator: creator ? await personNamed(creator) : null,
        quote: isFinalStatus(t.clientStatus)
          ? null
          : await quoteOf(
              ref.environment,
              ref.product,
              t,
              settings.quoteValidityMinutes * 60_000,
              api,
              'always',
            ),
      };
    },

    /**
     * An approver rejects the approval a transaction waits for, with the reason. The API cancels
     * the transaction first (with the reason where the product's cancellation takes one); only
     * then is the rejection recorded, closing the approval and telling its creator, in one
     * database transaction. An API that does not answer leaves nothing recorded.
     */
    async rejectTransaction(
      user: User,
      ref: TransactionRef,
      action: TransactionApproval,
      reason: string,
      api: PartnerApi,
    ): Promise<
      | Refused
      | { response: UpstreamResponse }
      | { approval: z.input<typeof ApprovalInfo>; transaction: Transaction; reasonSent: boolean }
    > {
      const { product, transactionId: id } = ref;
      const read = await api.call(transactionOperations[product].get, { params: { id } });
      if (!read.ok) return { response: read.response };
      const t = read.data;
      if (!transitionFor(product, t, action))
        return {
          refused: {
            status: 409,
            code: 'INVALID_STATE_TRANSITION',
            detail: said(REFUSED.nothingToReject, { why: transitionWords(product, t, action) }),
          },
        };
      const subject = transactionSubject(action, product, t);
      const payout = { currency: t.toCurrencySymbol, amount: t.toAmount };
      const deposit = subject.deposit!;
      const opened = await store.openApproval({ ...ref, action, payout, deposit }, null);
      // May this person reject it? Asked before anything is sent; asked again under the lock.
      const policies = await store.policies();
      const { outcome: first } = await approvals.explain(requestRef(opened.id), user, 'reject');
      if (first.kind === 'refused')
        return {
          refused: {
            status: first.refusal === 'FORBIDDEN_ROLE' ? 403 : 409,
            code: first.refusal,
            detail: said(REFUSAL_WORDS[first.refusal]),
          },
        };
      const reasonSent = product !== 'receive';
      const cancel = transactionOperations[product].cancel;
      const answer = await api
        .call(
          cancel,
          reasonSent
            ? { params: { id }, body: { reason: 'OTHER', otherReason: reason } }
            : { params: { id } },
          // The cancelled transaction is kept in the index once the rejection is recorded, so
          // that its creator hears of a rejection, not of a cancel.
          { idempotencyKey: `reject-${opened.id}`, keepLater: true },
        )
        .catch(() => undefined);
      if (!answer || (!answer.ok && !answer.final))
        return {
          refused: {
            status: 502,
            code: 'UPSTREAM_UNAVAILABLE',
            detail: said(REFUSED.notRejected),
          },
        };
      if (!answer.ok) return { response: answer.response };
      const decided = await approvals.decide(
        requestRef(opened.id, { payout, deposit }),
        user,
        'reject',
        reason,
      );
      await api.keep(cancel, answer);
      const request = decided.subject ?? opened;
      return {
        approval: approvalInfo(request, policies),
        transaction: answer.data,
        reasonSent,
      };
    },

    /** The transaction an open approval request is about, to reject it by the request's id. */
    async approvalRef(
      environment: Environment,
      id: string,
    ): Promise<{ ref: TransactionRef; action: TransactionApproval } | undefined> {
      const request = await store.request(id);
      if (!request || request.kind !== 'transaction' || request.environment !== environment)
        return undefined;
      return {
        ref: { environment, product: request.product!, transactionId: request.objectId },
        action: request.action as TransactionApproval,
      };
    },
  };
}
