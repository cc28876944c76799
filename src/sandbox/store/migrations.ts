// Numbered schema migrations. The database's `user_version` records the last one applied; each
// migration runs in its own transaction, so a failed one leaves the previous schema intact.
import type { Database } from 'better-sqlite3';

interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: Migration[] = [
  {
    version: 1,
    name: 'partners, merchants, onboarding, payout accounts, events, scheduled tasks',
    sql: `
      CREATE TABLE partner (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT NOT NULL,
        api_key TEXT NOT NULL UNIQUE,
        secret_hash TEXT NOT NULL,
        creation_time INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE merchant (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        partner_id INTEGER NOT NULL REFERENCES partner(id),
        creation_time INTEGER NOT NULL,
        last_update_time INTEGER NOT NULL,
        name TEXT NOT NULL,
        contact_owner_business_id INTEGER REFERENCES merchant(id),
        local_reg_number TEXT NOT NULL,
        country_iso TEXT NOT NULL,
        state TEXT,
        city TEXT NOT NULL,
        address TEXT NOT NULL,
        street_number TEXT NOT NULL,
        zipcode TEXT NOT NULL,
        kyc_status TEXT NOT NULL,
        contact_name TEXT NOT NULL,
        contact_email TEXT NOT NULL,
        contact_phone_prefix TEXT NOT NULL,
        contact_phone TEXT NOT NULL,
        industry TEXT NOT NULL
      ) STRICT;
      CREATE INDEX merchant_by_partner ON merchant(partner_id, id);

      CREATE TABLE agreement_acceptance (
        merchant_id INTEGER NOT NULL REFERENCES merchant(id),
        agreement_id INTEGER NOT NULL,
        accepted_time INTEGER NOT NULL,
        PRIMARY KEY (merchant_id, agreement_id)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE payout_account (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        partner_id INTEGER NOT NULL REFERENCES partner(id),
        business_id INTEGER NOT NULL REFERENCES merchant(id),
        currency_symbol TEXT NOT NULL,
        creation_time INTEGER NOT NULL,
        last_update_time INTEGER NOT NULL,
        account_number TEXT,
        account_holder_name TEXT NOT NULL,
        bank_name TEXT NOT NULL,
        swift_code TEXT,
        iban TEXT,
        routing_number TEXT,
        country_iso TEXT NOT NULL,
        address TEXT,
        street_number TEXT,
        city TEXT,
        state TEXT,
        zip_code TEXT,
        account_status TEXT NOT NULL
      ) STRICT;
      CREATE INDEX payout_account_by_partner ON payout_account(partner_id, id);
      CREATE INDEX payout_account_by_business ON payout_account(partner_id, business_id, id);
      CREATE INDEX payout_account_by_currency ON payout_account(partner_id, currency_symbol, id);

      CREATE TABLE event (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        partner_id INTEGER NOT NULL REFERENCES partner(id),
        type TEXT NOT NULL,
        creation_time INTEGER NOT NULL,
        object_type TEXT NOT NULL,
        object_id INTEGER NOT NULL,
        product TEXT,
        data TEXT NOT NULL
      ) STRICT;
      CREATE INDEX event_by_partner ON event(partner_id, id);
      CREATE INDEX event_by_object ON event(partner_id, object_type, object_id, id);

      CREATE TABLE scheduled_task (
        kind TEXT NOT NULL,
        object_id INTEGER NOT NULL,
        due_time INTEGER NOT NULL,
        PRIMARY KEY (kind, object_id)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX scheduled_task_by_due ON scheduled_task(due_time);
    `,
  },
];

export function migrate(db: Database): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  for (const migration of migrations) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    }).immediate();
  }
  return db.pragma('user_version', { simple: true }) as number;
}
