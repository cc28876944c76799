// The store: one repository per table over one database, and its write transactions.
import { agreementRepository } from './agreements';
import type { Db } from './db';
import { eventRepository } from './events';
import { fileRepository } from './files';
import { idempotencyRepository } from './idempotency';
import { kycDocumentRepository } from './kyc-documents';
import { merchantRepository } from './merchants';
import { partnerDataRepository } from './partner-data';
import { partnerRepository } from './partners';
import { payoutAccountRepository } from './payout-accounts';
import { taskRepository } from './tasks';
import { transactionRepository } from './transactions';
import { webhookRepository } from './webhooks';

export function createStore(db: Db) {
  const merchants = merchantRepository(db);
  return {
    db,
    partners: partnerRepository(db),
    partnerData: partnerDataRepository(db, () => merchants.forgetAll()),
    merchants,
    agreements: agreementRepository(db),
    kycDocuments: kycDocumentRepository(db),
    payoutAccounts: payoutAccountRepository(db),
    events: eventRepository(db),
    tasks: taskRepository(db),
    transactions: transactionRepository(db),
    files: fileRepository(db),
    webhooks: webhookRepository(db),
    idempotency: idempotencyRepository(db),
    /** Runs `work` in one write transaction: everything it writes lands, or nothing does. */
    write<T>(work: () => T): T {
      return db.transaction(work).immediate();
    },
  };
}

export type Store = ReturnType<typeof createStore>;
