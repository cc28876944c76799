import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#/api/audit';
import { foldSent } from './audit-rows';

const entry = (seq: number, outcome: AuditEntry['outcome'], requestId: string | null) =>
  ({ seq, at: 1_000 * seq, outcome, requestId, action: 'createMerchant' }) as AuditEntry;

type Shown = [seq: number, outcome: string, sentAt: number | undefined];

describe('the audit trail on its page', () => {
  it.each<[string, AuditEntry[], Shown[]]>([
    [
      'shows a write once: its outcome, with when it was sent',
      [entry(3, 'ok', 'r1'), entry(2, 'refused', 'r0'), entry(1, 'sent', 'r1')],
      [
        [3, 'ok', 1_000],
        [2, 'refused', undefined],
      ],
    ],
    [
      'keeps a write sent with no outcome yet, and a failed one with its time of sending',
      [entry(5, 'sent', 'r5'), entry(4, 'failed', 'r4'), entry(3, 'sent', 'r4')],
      [
        [5, 'sent', undefined],
        [4, 'failed', 3_000],
      ],
    ],
  ])('%s', (_what, entries, shown) => {
    expect(foldSent(entries).map((r) => [r.seq, r.outcome, r.sentAt])).toEqual(shown);
  });
});
