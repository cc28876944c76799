// The gate (docs/decisions/025): the verdict on every call of the partner's API the proxy makes
// for a person; nothing else decides. An approval counts towards the policies; a transaction
// created here records who asked and whom it pays; a status simulation sets the status only.
import { toldData } from '../words';
import { said, wordsCode } from '#/i18n/words';
import { utcMinute } from '#/api/periods';
import { requestRef } from '../approvals/subjects/request';
import { type DecidedBy, lastOf, refusedProblem } from '../approvals/decide';
import { isSimulation } from '#/api/simulation';
import type { TransactionApproval } from '#/api/controls';
import { isTransactionApproval } from '#/api/controls';
import { operations, TRANSACTION_OPERATION_OF, transactionOperations } from '#/api/operations';
import { bankDetailsOf } from '#/api/payee';
import { payeeCountryProblems } from './payee-words';
import { refusalFor } from '#/api/roles';
import { type PayoutAccount } from '#/api/schemas/payout-account';
import { type Product, Transaction } from '#/api/schemas/transaction';
import { transitionFor } from '#/api/transaction-states';
import { transitionWords } from './transition-words';
import { pathOf } from '#/api/call';
import { answerJson, type PartnerApi } from '../partner-api';
import { REFUSAL_WORDS, type Refusal, quoteWindow, simulationChanges } from './rules';
import { type ControlsCore, transactionSubject, objectOf } from './shared';
import { type Verdict, type ProxiedCall, refuse, countryRefusal } from './verdict';
import type { LimitRefusal } from './limits';
import { REFUSED, FIELD } from '../refusal-words';

/** Said to whoever approves a quote too late (decision 091: in their language). */
const QUOTE_EXPIRED = /*i18n*/ {
  id: 'refusal.quoteExpired',
  message:
    'The quote of #{id} expired on {expiresAt} UTC (quotes may be approved for {minutes, plural, one {# minute} other {# minutes}}): quote it again.',
};

/** What the controls look at in a transaction operation of the contract: approvals and creations. */
function transactionCall(opId: string) {
  const known = TRANSACTION_OPERATION_OF.get(opId);
  if (!known) return undefined;
  const { product, name } = known;
  if (isTransactionApproval(name)) return { kind: 'approval' as const, product, action: name };
  if (name === 'create') return { kind: 'create' as const, product };
  return undefined;
}

export function gateControls(
  core: ControlsCore,
  payeeUpdateVerdict: (
    call: ProxiedCall,
    body: Record<string, unknown>,
    api: PartnerApi,
  ) => Promise<Verdict>,
) {
  const { store, approvals, now, approvalInfo, releaseRefusal, inBase } = core;
  // The verdicts, one per kind of call the controls look at.

  /** A 409 naming who approved `action` of this transaction, where someone has. */
  async function lateDecision(
    call: ProxiedCall,
    product: Product,
    action: TransactionApproval,
  ): Promise<Verdict | undefined> {
    const ref = { environment: call.environment, product, transactionId: call.id! };
    // Approved, or released and waiting for the API's answer to be recorded.
    const approved = (await store.approvalsOf(ref)).find(
      (r) =>
        r.action === action &&
        (r.status === 'approved' || (r.status === 'pending' && r.releasedAt !== null)),
    );
    if (!approved) return undefined;
    return refusedVerdict('APPROVAL_CLOSED', lastOf(approved.decisions) ?? undefined, approved.id);
  }

  /** A refused decision as the proxy answers it (409 naming who decided, or 403). */
  function refusedVerdict(refusal: Refusal, decidedBy: DecidedBy | undefined, approval: string) {
    const said = refusedProblem(refusal, decidedBy, 'approval', REFUSAL_WORDS);
    return refuse(said.status, said.code, said.detail, {
      reason: refusal,
      approval,
      ...(decidedBy ? { decidedBy: decidedBy.name, decidedAt: decidedBy.at } : {}),
    });
  }

  async function approvalVerdict(
    call: ProxiedCall,
    { product, action }: { product: Product; action: TransactionApproval },
    api: PartnerApi,
  ): Promise<Verdict> {
    const id = call.id!;
    // The decision is about the transaction as it is now: read again from the API.
    const read = await api.call(transactionOperations[product].get, { params: { id } });
    if (!read.ok) return { kind: 'relay', response: read.response, audit: {} };
    const t = read.data;
    // A state that does not allow it is refused here, as the API would: never sent unguarded,
    // since the state may change before the API sees the call (a quote approval in flight).
    if (!transitionFor(product, t, action)) {
      // Moved on because another approver (perhaps on another server) released it: said so.
      const late = await lateDecision(call, product, action);
      if (late) return late;
      return refuse(400, 'INVALID_STATE_TRANSITION', transitionWords(product, t, action), {
        reason: 'state does not allow it',
        status: t.clientStatus,
      });
    }
    // A quote the API gave is approved within the workspace's validity; after, it is quoted
    // again (docs/decisions/041).
    if (action === 'approveQuote') {
      const { quoteValidityMinutes } = await store.settings();
      const window = quoteWindow(t, quoteValidityMinutes * 60_000);
      if (window && window.expiresAt <= now())
        return refuse(
          409,
          'QUOTE_EXPIRED',
          said(QUOTE_EXPIRED, {
            id: String(id),
            expiresAt: utcMinute(window.expiresAt),
            minutes: quoteValidityMinutes,
          }),
          { reason: 'quote expired', quotedAt: window.quotedAt, expiresAt: window.expiresAt },
        );
    }
    const subject = transactionSubject(action, product, t);
    const payout = { currency: t.toCurrencySymbol, amount: t.toAmount };
    const deposit = subject.deposit!;
    const text = call.body && call.body.length > 0 ? call.body.toString('utf8') : null;
    const opened = await store.openApproval(
      { environment: call.environment, product, transactionId: id, action, payout, deposit },
      text,
    );
    // A base-currency policy judges the amounts converted at the API's rate of this moment.
    const converted = await inBase(call.environment, api, await store.policies(), subject, true);
    const decided = await approvals.decide(
      requestRef(opened.id, {
        payout,
        deposit,
        base: converted.subject.base,
        conversions: converted.conversions,
      }),
      call.user,
      'approve',
    );
    const { outcome } = decided;
    if (outcome.kind === 'refused') {
      // Too late (another approver, perhaps on another server, released it): 409, saying who.
      return refusedVerdict(outcome.refusal, decided.decidedBy, opened.id);
    }
    const request = decided.subject!;
    if (outcome.kind === 'recorded') {
      return {
        kind: 'hold',
        body: { approval: approvalInfo(request, await store.policies(), decided.required) },
        audit: { approval: request.id, approvals: outcome.approvals, required: decided.required },
      };
    }
    if (outcome.kind !== 'complete') return { kind: 'forward' };
    // The last approval needed: the API's approve, once (the key is the request's), with the
    // body the first approver sent (a deposit confirmation).
    const body = request.body ?? text;
    return {
      kind: 'forward',
      path: pathOf(transactionOperations[product][action], { params: { id } }),
      body: body === null ? undefined : Buffer.from(body),
      idempotencyKey: `approval-${request.id}`,
      headers: { 'x-approval-id': request.id },
      settle: async (response) => {
        if (response.status === 200) await store.markApproved(request.id);
        else await store.releaseFailed(request.id, outcome.fresh ? call.user.id : null);
        return {
          approval: request.id,
          approvers: request.decisions
            .filter((d) => d.decision === 'approve')
            .map((d) => d.userName),
          required: decided.required,
          status: response.status,
        };
      },
    };
  }

  /**
   * A creation's reservation against the limits (docs/decisions/089), where there are any: its
   * payout in the base currency at the API's rate now, for its creator, merchant and workspace.
   */
  async function reserveLimits(
    call: ProxiedCall,
    product: Product,
    body: Record<string, unknown> | null,
    account: PayoutAccount | undefined,
    api: PartnerApi,
  ): Promise<{ reservation: string | undefined } | { refused: LimitRefusal }> {
    const merchantId = body?.fromBusinessId;
    const toAmount = typeof body?.toAmount === 'string' ? body.toAmount.trim() : '';
    // A body the API will refuse anyway reserves nothing.
    if (
      typeof merchantId !== 'number' ||
      !Number.isSafeInteger(merchantId) ||
      !/^\d{1,30}(\.\d{1,20})?$/.test(toAmount)
    )
      return { reservation: undefined };
    return core.reserveCreation(
      call.environment,
      call.user,
      { product, merchantId, toAmount, currency: account?.currencySymbol },
      api,
    );
  }

  /** A transaction created here: who created it, and the account it goes to as it is now. */
  async function createVerdict(
    call: ProxiedCall,
    product: Product,
    body: Record<string, unknown> | null,
    api: PartnerApi,
  ): Promise<Verdict> {
    const accountId = body?.toBusinessExternalAccountId;
    let account: PayoutAccount | undefined;
    if (typeof accountId === 'number' && Number.isSafeInteger(accountId) && accountId > 0) {
      const read = await api.call(operations.getPayoutAccount, { params: { id: accountId } });
      if (read.ok) account = read.data;
    }
    // Limits per person, merchant and workspace (089): reserved before it leaves.
    const reserved = await reserveLimits(call, product, body, account, api);
    if ('refused' in reserved)
      return refuse(403, reserved.refused.code, toldData(reserved.refused.detail), {
        reason: reserved.refused.code,
        limit: reserved.refused.limit,
      });
    const { reservation } = reserved;
    return {
      kind: 'forward',
      ...(reservation ? { unsent: () => core.limits.release(reservation) } : {}),
      settle: async (response) => {
        if (reservation) {
          if (response.status === 200) await core.limits.settle(reservation);
          else await core.limits.release(reservation);
        }
        if (response.status !== 200) return {};
        const answer = Transaction.safeParse(answerJson(response));
        if (!answer.success) return {};
        const created = answer.data;
        const ref = {
          environment: call.environment,
          product,
          transactionId: created.businessRequestId,
        };
        await store.recordOrigin(ref, call.user.id, {
          amount: created.toAmount,
          currency: created.toCurrencySymbol,
        });
        if (account && account.id === created.toBusinessExternalAccountId) {
          await store.recordRecipient(
            ref,
            {
              accountId: account.id,
              currency: account.currencySymbol,
              details: bankDetailsOf(account),
              bankName: account.bankName,
            },
            call.user.id,
          );
        }
        return {};
      },
    };
  }

  /** A status simulation sets the status and nothing else, whoever sends it. */
  async function simulationVerdict(
    call: ProxiedCall,
    body: Record<string, unknown>,
    api: PartnerApi,
  ): Promise<Verdict> {
    const read = await api.call(
      call.op.id === 'updateMerchant' ? operations.getMerchant : operations.getPayoutAccount,
      { params: { id: call.id! } },
    );
    if (!read.ok) return { kind: 'relay', response: read.response, audit: {} };
    const changed = simulationChanges(call.op.id, read.data, body);
    if (changed.length === 0) return { kind: 'forward' };
    return refuse(
      400,
      'VALIDATION_ERROR',
      said(REFUSED.simulationOnly),
      { reason: 'a simulation may change the status only', fields: changed },
      changed.map((field) => ({
        field,
        message: wordsCode(FIELD.simulationField),
      })),
    );
  }

  return {
    /** The verdict on a call to the partner's API: the proxy applies it, and nothing else decides. */
    async gate(call: ProxiedCall, api: PartnerApi | undefined): Promise<Verdict> {
      const body = objectOf(call.body);
      const simulation = call.environment === 'sandbox' && isSimulation(call.op.id, body);
      const refusal = refusalFor(call.op.id, call.user.roles, call.environment, simulation);
      // A delegate standing in for an approver away approves in their place (088): the
      // approvals rule judges whom for.
      const standIn =
        !!refusal &&
        transactionCall(call.op.id)?.kind === 'approval' &&
        ((await approvals.asDecider(call.user)).standsInFor?.length ?? 0) > 0;
      if (refusal && !standIn)
        return refuse(403, refusal.code, refusal.said, {
          reason: refusal.code,
          roles: call.user.roles,
        });
      if (!api)
        return refuse(
          503,
          'ENVIRONMENT_NOT_CONFIGURED',
          said(REFUSED.noCredentials, { environment: call.environment }),
          { reason: 'no credentials' },
        );
      // A path whose id is not a number names nothing: the API says so.
      const byId = call.id !== undefined;
      const transaction = transactionCall(call.op.id);
      if (transaction?.kind === 'approval' && transaction.action === 'approveDeposit') {
        // Approving a deposit releases the payout: the second factor first, where enrolled.
        const stepUp = await releaseRefusal(call.user, call.stepUpAt ?? null);
        if (stepUp)
          return refuse(stepUp.refused.status, stepUp.refused.code, stepUp.refused.detail, {
            reason: stepUp.refused.code,
          });
      }
      if (transaction?.kind === 'approval')
        return byId ? approvalVerdict(call, transaction, api) : { kind: 'forward' };
      if (transaction?.kind === 'create')
        return createVerdict(call, transaction.product, body, api);
      if (simulation && body && byId) return simulationVerdict(call, body, api);
      if (call.op.id === 'updatePayoutAccount' && body && byId)
        return payeeUpdateVerdict(call, body, api);
      if (call.op.id === 'createPayoutAccount' && body) {
        const problems = payeeCountryProblems(bankDetailsOf(body));
        if (problems.length > 0) return countryRefusal(problems);
      }
      return { kind: 'forward' };
    },
  };
}
