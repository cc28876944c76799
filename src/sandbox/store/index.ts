// The store: one repository per table over one database, and its write transactions.
import { agreementRepository } from './agreements';
import type { Db } from './db';
import { eventRepository } from './events';
import { merchantRepository } from './merchants';
import { partnerRepository } from './partners';
import { payoutAccountRepository } from './payout-accounts';
import { taskRepository } from './tasks';

export function createStore(db: Db) {
  return {
    db,
    partners: partnerRepository(db),
    merchants: merchantRepository(db),
    agreements: agreementRepository(db),
    payoutAccounts: payoutAccountRepository(db),
    events: eventRepository(db),
    tasks: taskRepository(db),
    /** Runs `work` in one write transaction: everything it writes lands, or nothing does. */
    write<T>(work: () => T): T {
      return db.transaction(work).immediate();
    },
  };
}

export type Store = ReturnType<typeof createStore>;
