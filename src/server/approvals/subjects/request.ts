// A transaction's quote or deposit approval, or a payout account's new bank details, as the one
// decision (../decide.ts) reads and moves them: rows of `approval_request` with their
// `approval_decision`s. A transaction's amounts are refreshed first, as the API gave them.
import { formatAmount } from '#/api/formats';
import { REJECTED, transactionSaid } from '../../notifications/notices';
import { said } from '#/i18n/words';
import { DASHBOARD_LINKS } from '#/api/products';
import type { ControlSubject, Conversion, Money } from '../../controls/rules';
import { requirementOf } from '../../controls/rules';
import { decisionColumns, expireIn, lastOf } from '../decide';
import type { ApprovalRef, OpenSubject, SubjectKind } from '../decide';
import { type StoredRequest, loadRequest, originIn, policiesIn, subjectOf } from '../requests';

/** What the caller read from the API for a transaction's decision. */
export interface RequestFacts {
  payout: Money;
  deposit: Money;
  /** Each side in the base currency, at the rate the API quoted for this decision. */
  base?: ControlSubject['base'];
  /** The conversions behind `base`, kept with the decision. */
  conversions?: readonly Conversion[];
}

/**
 * How long a release (the approved call on its way to the API) holds a request against other
 * decisions: longer than a call to the API may take. After it, a server that stopped mid-call
 * is presumed gone, and an approver may finish the release again (with the same idempotency
 * key, so the API acts once).
 */
export const RELEASE_LEASE_MS = 2 * 60_000;

const rejectionOf = (request: StoredRequest, originatorId: string | null) =>
  request.kind === 'payee'
    ? {
        userId: originatorId,
        what: said(REJECTED.whatPayee, { id: String(request.objectId) }),
        after: said(REJECTED.afterPayee),
        link: DASHBOARD_LINKS.payoutAccount(request.objectId),
      }
    : {
        userId: originatorId,
        what: said(REJECTED.whatTransaction, {
          what: request.action === 'approveQuote' ? 'quote' : 'deposit',
          noun: transactionSaid(request.product!, request.objectId),
          amount: ({ locale }) =>
            request.payout.amount === null
              ? ''
              : formatAmount(request.payout.amount, request.payout.currency, locale),
          currency: request.payout.currency,
        }),
        after: said(REJECTED.afterTransaction),
        link: DASHBOARD_LINKS.transaction(request.product!, request.objectId),
      };

export const approvalRequests: SubjectKind<RequestFacts, StoredRequest | undefined> = {
  async open(trx, id, facts, time): Promise<OpenSubject<StoredRequest | undefined> | undefined> {
    let request = await loadRequest(trx, id);
    if (!request) return undefined;
    if (facts && request.kind === 'transaction' && request.status === 'pending') {
      await trx
        .updateTable('approval_request')
        .set({
          currency: facts.payout.currency,
          amount: facts.payout.amount ?? request.payout.amount ?? '0',
          deposit_currency: facts.deposit.currency,
          deposit_amount: facts.deposit.amount,
        })
        .where('id', '=', id)
        .execute();
      request = { ...request, payout: facts.payout, deposit: facts.deposit };
    }
    const { required } = requirementOf(await policiesIn(trx), {
      ...subjectOf(request),
      base: facts?.base,
    });
    const originatorId =
      request.kind === 'payee'
        ? request.authorId
        : ((await originIn(trx, {
            environment: request.environment,
            product: request.product!,
            transactionId: request.objectId,
          })) ?? null);
    // Being released (by this or another server): closed to other decisions until it is done.
    const releasing = request.releasedAt !== null && request.releasedAt + RELEASE_LEASE_MS > time;
    return {
      state: {
        ...request,
        status: request.status === 'pending' && releasing ? 'releasing' : request.status,
        originatorId,
      },
      lastDecision: lastOf(request.decisions),
      required,
      conversions: facts?.conversions ?? [],
      async record(trx, e) {
        await trx
          .insertInto('approval_decision')
          .values({ request_id: id, ...decisionColumns(e) })
          .execute();
      },
      async settle(trx, outcome, e, required) {
        await trx
          .updateTable('approval_request')
          .set(
            outcome.kind === 'rejected'
              ? { required, status: 'rejected', closed_at: e.at, reject_reason: e.reason }
              : outcome.kind === 'complete'
                ? // The approved call goes to the API now: no other decision meanwhile.
                  { required, released_at: e.at }
                : { required },
          )
          .where('id', '=', id)
          .where('status', '=', 'pending')
          .execute();
      },
      // A request past its week is closed as expired: a new one starts over.
      expire: (trx, time) => expireIn(trx, 'approval_request', id, time),
      rejection: rejectionOf(request, originatorId),
      view: (trx) => loadRequest(trx, id),
    };
  },
};

/** A transaction's or payout account's approval request, by its id. */
export const requestRef = (
  id: string,
  facts?: RequestFacts,
): ApprovalRef<RequestFacts, StoredRequest | undefined> => ({
  kind: approvalRequests,
  id,
  facts,
});
