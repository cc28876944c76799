// A batch's approval as people see it (docs/decisions/034): what the policies ask of it now, who
// decided, whether this person may approve and, if not, why and who can. For the batch's page
// and for the approvals inbox, where batches waiting for approval stand beside transactions.
import type { z } from 'zod';
import type { Batch } from '#/api/batches';
import type { InboxBatch, Policy } from '#/api/controls';
import type { MoneyControls } from '../controls/controls';
import {
  type PolicyRule,
  type Decider,
  type RequestState,
  batchRequirement,
  isActiveApprover,
} from '../controls/rules';
import type { User, WorkspaceStore } from '../store/workspace';
import { explainState } from '../approvals/explain';
import type { Approvals } from '../approvals/approvals';
import { type BatchStore, type StoredBatch, batchSubject } from './store';

/** What a batch's approval is worked out from (parts of the server's context). */
export interface ApprovalDeps {
  controls: Pick<MoneyControls, 'policies'>;
  workspace: Pick<WorkspaceStore, 'listUsers'>;
}

/** What the approval inbox's batches are read from (parts of the server's context). */
export interface BatchInboxDeps extends ApprovalDeps {
  approvals: Pick<Approvals, 'asDecider' | 'asDeciders'>;
  batches: { store: Pick<BatchStore, 'list' | 'uploaderName'> };
  now: () => number;
}

/** The policies and the people who may approve, read once for several batches. */
export async function approvalContext(
  ctx: ApprovalDeps,
  /** Rates into the base currency, for base-currency policies (without: they apply). */
  base?: { baseCurrency: string; rates: ReadonlyMap<string, string> },
) {
  const [policies, people] = await Promise.all([
    ctx.controls.policies(),
    ctx.workspace.listUsers(),
  ]);
  return {
    base,
    policies: policies as PolicyRule[],
    approvers: people.filter(isActiveApprover),
  };
}

export function batchApproval(
  batch: StoredBatch,
  /** As the rule reads them (`approvals.asDecider`): with whom they stand in for. */
  user: User & Pick<Decider, 'standsInFor'>,
  { policies, approvers, base }: Awaited<ReturnType<typeof approvalContext>>,
  now: number,
): z.input<typeof Batch>['approval'] {
  const { required, policy } = batchRequirement(policies, {
    ...batchSubject(batch),
    ...(base ? { baseCurrency: base.baseCurrency, rates: base.rates } : {}),
  });
  const waiting = batch.status === 'awaiting_approval';
  const state: RequestState = {
    kind: 'batch',
    status: waiting ? 'pending' : batch.status,
    expiresAt: batch.expiresAt ?? 0,
    originatorId: batch.uploadedBy,
    decisions: batch.decisions,
  };
  const mine = explainState(state, user, required, approvers, now);
  return {
    required,
    policy: (policy as Policy | undefined) ?? null,
    decisions: batch.decisions,
    expiresAt: batch.expiresAt,
    canAct: waiting && mine.canAct,
    why: waiting ? mine.why : null,
    whoCan: waiting ? mine.whoCan.sort((a, b) => a.localeCompare(b)) : [],
    standingInFor: waiting ? mine.standingInFor : null,
  };
}

/** The batches of an environment waiting for approval, as the inbox lists them. */
/** The bulk files waiting for approval now, and what their approval is worked out from. */
async function waitingBatches(ctx: BatchInboxDeps, environment: string) {
  const time = ctx.now();
  // An approval not given within its week waits for nobody: it is quoted again first.
  const waiting = (await ctx.batches.store.list(environment, 100, 'awaiting_approval')).filter(
    (b) => (b.expiresAt ?? 0) > time,
  );
  const context = waiting.length === 0 ? undefined : await approvalContext(ctx);
  return { waiting, context, time };
}

type ApprovalCounts = { you: number; everyone: number };

/** Waiting bulk files as approval counts: those the person may approve, and all of them. */
export const batchCounts = (batches: readonly { canAct: boolean }[]): ApprovalCounts => ({
  you: batches.filter((b) => b.canAct).length,
  everyone: batches.length,
});

/**
 * A person's approval counts with the waiting bulk files added: what the inbox, its count and the
 * navigation's live badge all say.
 */
export const withWaitingBatches = (counts: ApprovalCounts, batches: ApprovalCounts) => ({
  you: counts.you + batches.you,
  everyone: counts.everyone + batches.everyone,
});

/**
 * How many waiting bulk files each of these people may approve, and how many wait: the counts of
 * `batchInbox`, read once for everyone with a page open (the live hub, issue 45).
 */
export async function batchInboxCounts(
  ctx: BatchInboxDeps,
  users: readonly User[],
  environment: string,
): Promise<Map<string, ApprovalCounts>> {
  const { waiting, context, time } = await waitingBatches(ctx, environment);
  const counts = new Map<string, ApprovalCounts>();
  // Whom each stands in for, read once for all of them (only when a file waits).
  for (const user of waiting.length > 0 ? await ctx.approvals.asDeciders(users) : users)
    counts.set(
      user.id,
      batchCounts(
        waiting.map((batch) => ({
          canAct: context !== undefined && batchApproval(batch, user, context, time).canAct,
        })),
      ),
    );
  return counts;
}

export async function batchInbox(
  ctx: BatchInboxDeps,
  person: User,
  environment: string,
): Promise<z.input<typeof InboxBatch>[]> {
  const { waiting, context, time } = await waitingBatches(ctx, environment);
  if (!context) return [];
  const user = await ctx.approvals.asDecider(person);
  return Promise.all(
    waiting.map(async (batch) => {
      const approval = batchApproval(batch, user, context, time);
      const totals = new Map<string, { amount: string; rows: number }>();
      for (const total of batchSubject(batch).payoutTotals)
        totals.set(total.currency, { amount: total.amount ?? '0', rows: 0 });
      for (const row of batch.rows)
        if (row.valid && row.state === 'ready') totals.get(row.valid.toCurrencySymbol)!.rows++;
      return {
        kind: 'batch' as const,
        id: batch.id,
        fileName: batch.fileName,
        product: batch.product,
        uploadedBy: await ctx.batches.store.uploaderName(batch.uploadedBy),
        since: batch.quotedAt ?? batch.createdAt,
        totals: [...totals].map(([currency, t]) => ({ currency, ...t })),
        required: approval.required,
        approvals: approval.decisions.filter((d) => d.decision === 'approve').length,
        canAct: approval.canAct,
        why: approval.why,
        whoCan: approval.whoCan,
        standingInFor: approval.standingInFor,
      };
    }),
  );
}
