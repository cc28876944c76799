// What waits for a decision (docs/decisions/025): transactions, payee changes and bulk deposits,
// each with what it needs and who can give it; and how many wait, for the header's badge.
import type { z } from 'zod';
import { sumByCurrency } from '#/api/totals';
import type { PayeeInfo, InboxPage } from '#/api/controls';
import type { Environment } from '#/api/dashboard';
import { bankDetailsOf, maskedNumber } from '#/api/payee';
import { hasRole } from '#/api/roles';
import { type Product, Transaction } from '#/api/schemas/transaction';
import { type PartnerApi } from '../partner-api';
import type { User } from '../store/workspace';
import { mayApprove } from '../approvals/explain';
import { type StoredRequest, subjectOf } from '../approvals/requests';
import { type ControlsCore, transactionSubject, stateOf, noRequestYet, APPROVER } from './shared';

export function inboxControls(core: ControlsCore) {
  const {
    store,
    index,
    now,
    approvers,
    requirement,
    actionState,
    approvalInfo,
    payeeChangeInfo,
    inBase,
    quoteOf,
  } = core;
  const members = {
    /** What waits for a decision: what this person can decide, or everything with who can. */
    async inbox(
      user: User,
      environment: Environment,
      q: { scope: 'you' | 'everyone'; start: number; limit: number },
      /** To convert amounts for base-currency policies (without it, they apply: the safe side). */
      api?: PartnerApi,
    ): Promise<z.input<typeof InboxPage>> {
      const [policies, everyone] = await Promise.all([store.policies(), approvers()]);
      const mine = q.scope === 'you';
      // A delegate standing in for an approver away sees what waits for them too (088).
      const approver =
        hasRole(user.roles, APPROVER) ||
        ((await core.approvals.asDecider(user)).standsInFor?.length ?? 0) > 0;
      const changes = await store.pendingPayeeChanges(environment);
      const names = await index.merchantNames(
        environment,
        changes.map((c) => c.change!.businessId),
      );
      const changeItems = [];
      for (const request of changes) {
        const need = requirement(policies, subjectOf(request));
        const state = await actionState(user, stateOf(request, null), need.required, everyone);
        if (mine && !state.canAct) continue;
        changeItems.push({
          kind: 'payeeChange' as const,
          change: await payeeChangeInfo(request, policies),
          merchantName: names.get(request.change!.businessId) ?? null,
          since: request.createdAt,
          ...need,
          ...state,
        });
      }
      const waiting =
        mine && !approver
          ? { rows: [], hasMore: false }
          : await store.waitingTransactions(environment, {
              for: mine ? user.id : undefined,
              start: q.start,
              limit: q.limit,
            });
      const [origins, open, recorded, settings] = await Promise.all([
        store.originsOf(environment, waiting.rows),
        store.pendingApprovalsOf(environment, waiting.rows),
        store.recipientsOf(environment, waiting.rows),
        store.settings(),
      ]);
      const records = waiting.rows.map((row) => JSON.parse(row.record) as Transaction);
      const accountIds = records.map((t) => t.toBusinessExternalAccountId);
      const [accounts, paidBefore] = await Promise.all([
        index.accountsById(environment, accountIds),
        index.accountsPaidBefore(environment, accountIds),
      ]);
      /** Who a waiting transaction pays: as recorded at its creation, else as last seen. */
      const payeeOf = (product: Product, t: Transaction): PayeeInfo | null => {
        const kept = recorded.get(`${product}:${t.businessRequestId}`);
        const account = accounts.get(t.toBusinessExternalAccountId);
        const details = kept?.details ?? (account ? bankDetailsOf(account) : null);
        if (!details) return null;
        const accountId = kept?.accountId ?? t.toBusinessExternalAccountId;
        return {
          accountId,
          accountHolderName: details.accountHolderName,
          bankName: kept ? kept.bankName : (account?.bankName ?? null),
          number: maskedNumber(details),
          countryIso: details.countryIso,
          firstPayment: !paidBefore.has(accountId),
          recorded: kept !== undefined,
        };
      };
      const results = [];
      for (const [i, row] of waiting.rows.entries()) {
        const t = records[i]!;
        const request = open.get(`${row.product}:${row.id}:${row.action}`);
        const creator = origins.get(`${row.product}:${row.id}`) ?? null;
        const need = requirement(
          policies,
          api
            ? (
                await inBase(
                  environment,
                  api,
                  policies,
                  transactionSubject(row.action, row.product, t),
                  false,
                  settings.baseCurrency,
                )
              ).subject
            : transactionSubject(row.action, row.product, t),
        );
        const state = request ? stateOf(request, creator) : noRequestYet(creator);
        results.push({
          kind: 'transaction' as const,
          product: row.product,
          transactionId: row.id,
          action: row.action,
          payoutAmount: t.toAmount,
          payoutCurrency: t.toCurrencySymbol,
          depositAmount: t.fromAmount ?? null,
          depositCurrency: t.fromCurrencySymbol,
          merchantName: row.merchantName,
          askedBy: creator ? (await core.personNamed(creator)).name : null,
          since: row.since,
          approval: request ? approvalInfo(request, policies) : null,
          quote: await quoteOf(
            environment,
            row.product,
            t,
            settings.quoteValidityMinutes * 60_000,
            api,
            'unquoted',
          ),
          payee: payeeOf(row.product, t),
          ...need,
          ...(await actionState(user, state, need.required, everyone)),
        });
      }
      const groups = [];
      for (const group of await store.batchDeposits(environment)) {
        const state = await actionState(user, noRequestYet(group.uploadedBy), 1, everyone);
        if (mine && !state.canAct) continue;
        groups.push({
          kind: 'batchDeposits' as const,
          batchId: group.batchId,
          fileName: group.fileName,
          product: group.product,
          count: group.payouts.length,
          payoutTotals: sumByCurrency(group.payouts),
          depositTotals: sumByCurrency(group.deposits),
          since: group.since,
          ...state,
        });
      }
      return {
        start: q.start,
        limit: q.limit,
        hasMore: waiting.hasMore,
        results,
        changes: changeItems,
        batches: [],
        batchDeposits: groups,
        counts: await members.inboxCounts(user, environment, changes),
      };
    },

    /** How many decisions wait for this person, and for anyone (pending changes if read). */
    async inboxCounts(user: User, environment: Environment, pending?: StoredRequest[]) {
      return (await members.inboxCountsOf([user], environment, pending)).get(user.id)!;
    },

    /**
     * `inboxCounts` of several people, read once for all of them: the live hub's beat asks for
     * everyone with a page open (issue 45).
     */
    async inboxCountsOf(
      users: readonly User[],
      environment: Environment,
      pending?: StoredRequest[],
    ): Promise<Map<string, { you: number; everyone: number }>> {
      const [changes, waiting, groups] = await Promise.all([
        pending ?? store.pendingPayeeChanges(environment),
        store.waitingCounts(environment),
        // A file's waiting deposits count once, for approvers other than its uploader.
        store.batchDepositFiles(environment),
      ]);
      const time = now();
      const everyone = changes.length + waiting.all + groups.length;
      const counts = new Map<string, { you: number; everyone: number }>();
      // Whom each stands in for, read once for all of them.
      for (const user of await core.approvals.asDeciders(users)) {
        if (!hasRole(user.roles, APPROVER) && (user.standsInFor?.length ?? 0) === 0) {
          counts.set(user.id, { you: 0, everyone });
          continue;
        }
        const changesForYou = changes.filter(
          (c) => mayApprove(stateOf(c, null), user, 1, time).canAct,
        ).length;
        const groupsForYou = groups.filter((g) => g.uploadedBy !== user.id).length;
        const transactionsForYou = waiting.actionable - (waiting.notFor.get(user.id) ?? 0);
        counts.set(user.id, { you: changesForYou + groupsForYou + transactionsForYou, everyone });
      }
      return counts;
    },
  };
  return members;
}
