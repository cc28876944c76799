import type { Db } from './db';

export function agreementRepository(db: Db) {
  const accept = db.prepare<[number, number, number]>(
    `INSERT INTO agreement_acceptance (merchant_id, agreement_id, accepted_time) VALUES (?, ?, ?)
     ON CONFLICT (merchant_id, agreement_id) DO NOTHING`,
  );
  const accepted = db.prepare<[number], { agreementId: number; acceptedTime: number }>(
    'SELECT agreement_id AS agreementId, accepted_time AS acceptedTime FROM agreement_acceptance WHERE merchant_id = ?',
  );
  return {
    /** Accepting again keeps the first acceptance time. */
    accept(merchantId: number, agreementId: number, now: number) {
      accept.run(merchantId, agreementId, now);
    },
    acceptedTimes(merchantId: number): Map<number, number> {
      return new Map(accepted.all(merchantId).map((row) => [row.agreementId, row.acceptedTime]));
    },
  };
}
