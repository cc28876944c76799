// The audit trail of a bulk file's background work (its quote, its submission): each entry names
// the person the work is done for (who asked for the quote, who uploaded the file, who approved
// it last) as the one it was done for, by the dashboard's background worker.
import { appendJobAudit, type AuditSeal } from '../store/audit';
import type { DashboardDb } from '../store/db';
import type { WorkspaceStore } from '../store/workspace';

export interface BatchAuditEntry {
  action: string;
  target: string;
  outcome: 'ok' | 'failed' | 'sent';
  details: Record<string, unknown>;
}

export interface BatchAuditDeps {
  db: DashboardDb;
  auditSeal: AuditSeal;
  now: () => number;
  workspace: Pick<WorkspaceStore, 'userById'>;
}

export async function auditForBatch(
  ctx: BatchAuditDeps,
  batchId: string,
  actorId: string | null,
  entry: BatchAuditEntry,
) {
  const actor = actorId ? await ctx.workspace.userById(actorId) : undefined;
  return appendJobAudit(ctx.db, ctx.auditSeal, 'bulk payouts', {
    at: ctx.now(),
    actorId,
    actorEmail: actor?.email ?? null,
    roles: actor?.roles ?? [],
    requestId: `batch-${batchId}`,
    ...entry,
  });
}
