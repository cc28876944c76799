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
  {
    version: 2,
    name: 'transactions, files, webhook endpoints and deliveries, idempotency keys',
    sql: `
      CREATE TABLE txn (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        partner_id INTEGER NOT NULL REFERENCES partner(id),
        product TEXT NOT NULL CHECK (product IN ('sendc2f', 'sendf2f', 'receive')),
        creation_time INTEGER NOT NULL,
        last_update_time INTEGER NOT NULL,
        to_amount TEXT NOT NULL,
        from_amount TEXT,
        rate TEXT NOT NULL,
        purpose TEXT NOT NULL,
        quote_approved_date INTEGER,
        deposit_approved_date INTEGER,
        deposit_received_date INTEGER,
        deposit_received_amount TEXT,
        payout TEXT,
        from_currency_symbol TEXT NOT NULL,
        to_currency_symbol TEXT NOT NULL,
        from_business_id INTEGER NOT NULL REFERENCES merchant(id),
        to_business_external_account_id INTEGER NOT NULL REFERENCES payout_account(id),
        to_business_id INTEGER NOT NULL REFERENCES merchant(id),
        client_status TEXT NOT NULL,
        payout_status TEXT NOT NULL,
        cancel_reason TEXT,
        other_reason TEXT,
        wallet_details TEXT,
        bank_details TEXT,
        invoice_url TEXT,
        deposit_confirmation_url TEXT,
        completed_time INTEGER
      ) STRICT;
      CREATE INDEX txn_by_product ON txn(partner_id, product, id);
      CREATE INDEX txn_by_product_time ON txn(partner_id, product, creation_time);
      CREATE INDEX txn_by_from_business ON txn(partner_id, product, from_business_id, id);
      CREATE INDEX txn_by_to_business ON txn(partner_id, product, to_business_id, id);

      CREATE TABLE file (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        partner_id INTEGER NOT NULL REFERENCES partner(id),
        creation_time INTEGER NOT NULL,
        file_name TEXT NOT NULL,
        content_type TEXT NOT NULL,
        size INTEGER NOT NULL,
        data BLOB NOT NULL
      ) STRICT;

      CREATE TABLE webhook_endpoint (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        partner_id INTEGER NOT NULL REFERENCES partner(id),
        url TEXT NOT NULL,
        secret TEXT NOT NULL,
        creation_time INTEGER NOT NULL,
        deleted_time INTEGER
      ) STRICT;
      CREATE INDEX webhook_endpoint_by_partner ON webhook_endpoint(partner_id, id);

      CREATE TABLE delivery (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        partner_id INTEGER NOT NULL REFERENCES partner(id),
        event_id INTEGER NOT NULL REFERENCES event(id),
        webhook_id INTEGER NOT NULL REFERENCES webhook_endpoint(id),
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_time INTEGER,
        state TEXT NOT NULL CHECK (state IN ('pending', 'delivered', 'failed'))
      ) STRICT;
      CREATE INDEX delivery_due ON delivery(next_attempt_time) WHERE state = 'pending';
      CREATE INDEX delivery_by_event ON delivery(event_id);

      CREATE TABLE delivery_attempt (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        delivery_id INTEGER NOT NULL REFERENCES delivery(id),
        event_id INTEGER NOT NULL REFERENCES event(id),
        webhook_id INTEGER NOT NULL,
        url TEXT NOT NULL,
        attempt INTEGER NOT NULL,
        attempt_time INTEGER NOT NULL,
        status_code INTEGER,
        error TEXT,
        duration_ms INTEGER NOT NULL,
        delivered INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX delivery_attempt_by_event ON delivery_attempt(event_id, id);

      CREATE TABLE idempotency_key (
        partner_id INTEGER NOT NULL REFERENCES partner(id),
        key TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('running', 'done')),
        status_code INTEGER,
        response_type TEXT,
        response_body TEXT,
        creation_time INTEGER NOT NULL,
        PRIMARY KEY (partner_id, key)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX idempotency_key_by_time ON idempotency_key(creation_time);
    `,
  },
  {
    version: 3,
    // Keys are now written with the work they guard, in one transaction (docs/decisions/009).
    // A key left 'running' by an older version may have committed work behind it; forgetting it
    // is what that version did at every start, so nothing changes for such a key.
    name: 'idempotency keys are only ever written done',
    sql: `DELETE FROM idempotency_key WHERE state = 'running';`,
  },
  {
    version: 4,
    // What an endpoint answered, to tell a partner why a delivery failed (its first 512 bytes).
    name: 'the start of each delivery attempt’s response body',
    sql: `ALTER TABLE delivery_attempt ADD COLUMN response_body TEXT;`,
  },
  {
    version: 5,
    // Each merchant's place among its partner's (1, 2, 3, … in the order created; merchants are
    // never deleted one by one), so that a page deep in the list is an index range, not a walk
    // over every merchant before it (docs/decisions/021).
    name: 'merchants numbered per partner',
    sql: `
      ALTER TABLE merchant ADD COLUMN partner_seq INTEGER;
      UPDATE merchant SET partner_seq = r.n
        FROM (SELECT id, ROW_NUMBER() OVER (PARTITION BY partner_id ORDER BY id) AS n
              FROM merchant) AS r
        WHERE r.id = merchant.id;
      CREATE UNIQUE INDEX merchant_by_partner_seq ON merchant(partner_id, partner_seq);
    `,
  },
  {
    version: 6,
    // A partner may hold its automatic moves (KYC reviews, quotes, settlements) until it releases
    // them: the sandbox console's time control (docs/decisions/023).
    name: 'moves held per partner',
    sql: `ALTER TABLE partner ADD COLUMN moves_held_since INTEGER;`,
  },
  {
    version: 7,
    // A transaction pays the account's details as they were when it was created
    // (docs/decisions/040). Rows made before this rule take the account as it is now: the best
    // that is known of them.
    name: 'recipient snapshot per transaction',
    sql: `
      ALTER TABLE txn ADD COLUMN recipient TEXT;
      UPDATE txn SET recipient = json_object(
          'accountId', a.id, 'accountHolderName', a.account_holder_name,
          'bankName', a.bank_name, 'accountNumber', a.account_number, 'iban', a.iban,
          'swiftCode', a.swift_code, 'routingNumber', a.routing_number,
          'countryIso', a.country_iso)
        FROM payout_account AS a
        WHERE a.id = txn.to_business_external_account_id AND a.partner_id = txn.partner_id;
    `,
  },
  {
    version: 8,
    // The KYC documents given to a merchant: files uploaded with POST /v1/file/, each for one
    // of the documents the review asks for (docs/decisions/073).
    name: 'KYC documents per merchant',
    sql: `
      CREATE TABLE kyc_document (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        partner_id INTEGER NOT NULL REFERENCES partner(id),
        merchant_id INTEGER NOT NULL REFERENCES merchant(id),
        type TEXT NOT NULL,
        file_id INTEGER NOT NULL REFERENCES file(id),
        creation_time INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX kyc_document_of ON kyc_document(partner_id, merchant_id);
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
