// How long a quote may be approved (docs/decisions/041): the server refuses an approval after
// it (src/server/controls/gate.ts), and pages say a quote has expired by the same function.

/**
 * When a quote the API gave may be approved until (docs/decisions/041): from the moment it was
 * given (the transaction's last change while it waits for the quote's approval), for the
 * workspace's validity. None for a quote the API has not given yet (a collection is priced when
 * its quote is approved) or one already approved.
 */
export function quoteWindow(
  t: { fromAmount: string | null; quoteApprovedDate: number | null; lastUpdateTime: number },
  validityMs: number,
): { quotedAt: number; expiresAt: number } | null {
  if (t.fromAmount === null || t.quoteApprovedDate !== null) return null;
  return { quotedAt: t.lastUpdateTime, expiresAt: t.lastUpdateTime + validityMs };
}
