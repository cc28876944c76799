// A partner's records all at once: the sandbox console's reset (docs/decisions/024). The
// partner itself stays, with its credentials, webhook endpoints and held moves.
import type { Db } from './db';

/** Statements run in this order: rows that refer to others go first. */
const DELETIONS = [
  [
    'tasks',
    `DELETE FROM scheduled_task
     WHERE (kind = 'kyc_review' AND object_id IN (SELECT id FROM merchant WHERE partner_id = @p))
        OR (kind <> 'kyc_review' AND object_id IN (SELECT id FROM txn WHERE partner_id = @p))`,
  ],
  [
    'attempts',
    `DELETE FROM delivery_attempt
     WHERE event_id IN (SELECT id FROM event WHERE partner_id = @p)`,
  ],
  ['deliveries', 'DELETE FROM delivery WHERE partner_id = @p'],
  ['events', 'DELETE FROM event WHERE partner_id = @p'],
  ['transactions', 'DELETE FROM txn WHERE partner_id = @p'],
  ['payoutAccounts', 'DELETE FROM payout_account WHERE partner_id = @p'],
  ['documents', 'DELETE FROM kyc_document WHERE partner_id = @p'],
  [
    'agreements',
    `DELETE FROM agreement_acceptance
     WHERE merchant_id IN (SELECT id FROM merchant WHERE partner_id = @p)`,
  ],
  // Contacts before their customers: the owner column refers to the customer's row.
  [
    'contacts',
    'DELETE FROM merchant WHERE partner_id = @p AND contact_owner_business_id IS NOT NULL',
  ],
  ['merchants', 'DELETE FROM merchant WHERE partner_id = @p'],
  ['files', 'DELETE FROM file WHERE partner_id = @p'],
  ['idempotency', 'DELETE FROM idempotency_key WHERE partner_id = @p'],
] as const;

type Counted = (typeof DELETIONS)[number][0];

/** `forgetMerchants` empties the merchant read memory: this connection's own deletions do not
 * change `PRAGMA data_version`, so the memory would not notice them. */
export function partnerDataRepository(db: Db, forgetMerchants: () => void) {
  const statements = DELETIONS.map(
    ([name, sql]) => [name, db.prepare<{ p: number }>(sql)] as const,
  );
  return {
    /**
     * Deletes every record of the partner; the caller runs it inside a write transaction. Ids
     * are not reused: what is created next gets new ones.
     */
    deleteAll(partnerId: number): Record<Counted, number> {
      const counts = {} as Record<Counted, number>;
      for (const [name, statement] of statements)
        counts[name] = statement.run({ p: partnerId }).changes;
      // Safe inside the transaction: nothing is remembered until it ends, rolled back or not.
      forgetMerchants();
      return counts;
    },
  };
}
