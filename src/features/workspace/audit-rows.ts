// The audit trail's rows as its page shows them (docs/decisions/072).
import type { AuditEntry } from '#/api/audit';

/** An entry as the page shows it: with when it was sent, when its "sent" row is folded in. */
export type ShownEntry = AuditEntry & { sentAt?: number };

/**
 * One row per action (decision 072): a write is recorded as sent before it leaves for the API,
 * then with its outcome (the same request id); the page shows the outcome with the time it was
 * sent. A "sent" row without its outcome on the page stays, as the trail has it.
 */
export function foldSent(entries: readonly AuditEntry[]): ShownEntry[] {
  const outcomes = new Map<string, AuditEntry>();
  for (const e of entries) if (e.outcome !== 'sent' && e.requestId) outcomes.set(e.requestId, e);
  const sent = new Map<string, number>();
  for (const e of entries)
    if (e.outcome === 'sent' && e.requestId && outcomes.has(e.requestId))
      sent.set(e.requestId, e.at);
  return entries
    .filter((e) => !(e.outcome === 'sent' && e.requestId && outcomes.has(e.requestId)))
    .map((e) => {
      const at = e.outcome !== 'sent' && e.requestId ? sent.get(e.requestId) : undefined;
      return at === undefined ? e : { ...e, sentAt: at };
    });
}
