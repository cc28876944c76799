// Versioned migrations of the dashboard's database, for SQLite and PostgreSQL alike: column types
// both understand (text, bigint, integer), no dialect-specific defaults. Kysely's migrator keeps
// the applied ones in its own table and takes a lock while migrating, so servers starting
// together on one PostgreSQL do not race.
import Decimal from 'decimal.js';
import { type Kysely, PostgresAdapter, sql } from 'kysely';
import type { Migration } from 'kysely/migration';
import { amountParts } from './amount-parts';
import { createReportRollups } from './report-rollups';

// What a migration computes is frozen as it was when the migration was written: it imports no
// live code (only packages, ./amount-parts.ts of migration 018 and ./report-rollups.ts of
// migration 021), so that a later change of that code cannot change what an old migration does
// to a database that runs it now. src/server/import-graph.test.ts checks this.

/** A transaction's report columns as migration 018 fills them (frozen copy). */
function reportColumnsAt018(t: {
  clientStatus: string;
  lastUpdateTime: number;
  toAmount: string;
  fromAmount: string | null;
}) {
  const to = amountParts(t.toAmount);
  const from = amountParts(t.fromAmount);
  const completed = t.clientStatus === 'OnOff_COMPLETED' || t.clientStatus === 'Receive_COMPLETED';
  return {
    completed_at: completed ? t.lastUpdateTime : null,
    to_units: to?.units ?? 0,
    to_nanos: to?.nanos ?? 0,
    from_units: from?.units ?? null,
    from_nanos: from?.nanos ?? null,
    amounts_exact: (to?.exact ?? false) && (from?.exact ?? true) ? 1 : 0,
  };
}

export const migrations: Record<string, Migration> = {
  '001-users-sessions-credentials-audit': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('app_user')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('roles', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('disabled_at', 'bigint')
        .execute();
      await db.schema
        .createTable('app_session')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id'))
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('app_session_by_user')
        .on('app_session')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('api_credential')
        .addColumn('environment', 'text', (c) => c.primaryKey())
        .addColumn('api_key', 'text', (c) => c.notNull())
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('seq', 'bigint', (c) => c.primaryKey())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('actor_id', 'text')
        .addColumn('actor_email', 'text')
        .addColumn('roles', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target', 'text')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('request_id', 'text')
        .addColumn('details', 'text')
        .addColumn('prev_hash', 'text', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_by_time').on('audit_log').column('at').execute();
    },
  },
  '002-approvals': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('approval_policy')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('min_amount', 'text', (c) => c.notNull())
        .addColumn('approvers', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .execute();
      await db.schema
        .createTable('transaction_origin')
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('transaction_origin_pk', [
          'environment',
          'product',
          'transaction_id',
        ])
        .execute();
      await db.schema
        .createTable('approval_request')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'bigint', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('required', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_at', 'bigint')
        .addColumn('reject_reason', 'text')
        .execute();
      await db.schema
        .createIndex('approval_request_open')
        .on('approval_request')
        .columns(['environment', 'product', 'transaction_id', 'action', 'status'])
        .execute();
      await db.schema
        .createTable('approval_decision')
        .addColumn('request_id', 'text', (c) => c.notNull().references('approval_request.id'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('decision', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('approval_decision_pk', ['request_id', 'user_id'])
        .execute();
    },
  },
  '003-second-factor': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('app_user').addColumn('totp_secret_sealed', 'text').execute();
      await db.schema.alterTable('app_user').addColumn('totp_enabled_at', 'bigint').execute();
      await db.schema.alterTable('app_user').addColumn('totp_last_step', 'bigint').execute();
      // JSON list of SHA-256 hashes of the unused recovery codes.
      await db.schema.alterTable('app_user').addColumn('recovery_codes', 'text').execute();
      await db.schema
        .createTable('role_setting')
        .addColumn('role', 'text', (c) => c.primaryKey())
        .addColumn('require_totp', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  '004-approval-body': {
    async up(db: Kysely<unknown>) {
      // The body of the approve call (a deposit confirmation), sent when the last approval is in.
      await db.schema.alterTable('approval_request').addColumn('body', 'text').execute();
    },
  },
  '005-password-reset': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('password_reset')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
    },
  },
  '006-sign-in-failures': {
    async up(db: Kysely<unknown>) {
      // Failed sign-ins, one row each, so that every server sharing the database counts them.
      await db.schema
        .createTable('sign_in_failure')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sign_in_failure_by_key')
        .on('sign_in_failure')
        .columns(['key', 'at'])
        .execute();
      await db.schema
        .createIndex('sign_in_failure_by_at')
        .on('sign_in_failure')
        .column('at')
        .execute();
    },
  },
  '007-local-index': {
    async up(db: Kysely<unknown>) {
      // The local index of the partner's records per environment (docs/decisions/018): a cache
      // of what the API holds, with the columns the dashboard filters, sorts and joins on, and
      // the record itself as JSON.
      await db.schema
        .createTable('index_merchant')
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('owner_id', 'bigint')
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_key', 'text', (c) => c.notNull())
        .addColumn('kyc_status', 'text', (c) => c.notNull())
        .addColumn('country_iso', 'text', (c) => c.notNull())
        .addColumn('creation_time', 'bigint', (c) => c.notNull())
        .addColumn('last_update_time', 'bigint', (c) => c.notNull())
        .addColumn('record', 'text', (c) => c.notNull())
        .addColumn('synced_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('index_merchant_pk', ['environment', 'id'])
        .execute();
      for (const [name, columns] of [
        ['index_merchant_created', ['environment', 'creation_time', 'id']],
        ['index_merchant_status', ['environment', 'kyc_status', 'creation_time', 'id']],
        ['index_merchant_owner', ['environment', 'owner_id', 'creation_time']],
        ['index_merchant_name', ['environment', 'name_key', 'id']],
      ] as const)
        await db.schema
          .createIndex(name)
          .on('index_merchant')
          .columns([...columns])
          .execute();

      await db.schema
        .createTable('index_account')
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('business_id', 'bigint', (c) => c.notNull())
        .addColumn('currency_symbol', 'text', (c) => c.notNull())
        .addColumn('account_status', 'text', (c) => c.notNull())
        .addColumn('holder_name', 'text', (c) => c.notNull())
        /** The last four characters of the IBAN or account number, for "DE89 …3000". */
        .addColumn('number_tail', 'text', (c) => c.notNull())
        .addColumn('creation_time', 'bigint', (c) => c.notNull())
        .addColumn('last_update_time', 'bigint', (c) => c.notNull())
        .addColumn('record', 'text', (c) => c.notNull())
        .addColumn('synced_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('index_account_pk', ['environment', 'id'])
        .execute();
      for (const [name, columns] of [
        ['index_account_created', ['environment', 'creation_time', 'id']],
        ['index_account_status', ['environment', 'account_status', 'creation_time', 'id']],
        ['index_account_merchant', ['environment', 'business_id', 'creation_time']],
      ] as const)
        await db.schema
          .createIndex(name)
          .on('index_account')
          .columns([...columns])
          .execute();

      await db.schema
        .createTable('index_transaction')
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addColumn('from_business_id', 'bigint', (c) => c.notNull())
        .addColumn('to_business_id', 'bigint', (c) => c.notNull())
        .addColumn('account_id', 'bigint', (c) => c.notNull())
        .addColumn('client_status', 'text', (c) => c.notNull())
        /** quote, deposit or '' (docs/decisions/018): what it waits on the partner for. */
        .addColumn('awaiting', 'text', (c) => c.notNull())
        .addColumn('final', 'integer', (c) => c.notNull())
        .addColumn('to_amount', 'text', (c) => c.notNull())
        /** The amount as a fixed-width string that sorts as the number does (no floats). */
        .addColumn('to_amount_key', 'text', (c) => c.notNull())
        .addColumn('to_currency', 'text', (c) => c.notNull())
        .addColumn('from_currency', 'text', (c) => c.notNull())
        .addColumn('creation_time', 'bigint', (c) => c.notNull())
        .addColumn('last_update_time', 'bigint', (c) => c.notNull())
        .addColumn('record', 'text', (c) => c.notNull())
        .addColumn('synced_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('index_transaction_pk', ['environment', 'product', 'id'])
        .execute();
      for (const [name, columns] of [
        ['index_transaction_created', ['environment', 'creation_time', 'id']],
        ['index_transaction_status', ['environment', 'client_status', 'creation_time']],
        ['index_transaction_status_amount', ['environment', 'client_status', 'to_amount_key']],
        ['index_transaction_status_updated', ['environment', 'client_status', 'last_update_time']],
        ['index_transaction_awaiting', ['environment', 'awaiting', 'creation_time']],
        ['index_transaction_open', ['environment', 'final', 'last_update_time']],
        ['index_transaction_merchant', ['environment', 'from_business_id', 'creation_time']],
        ['index_transaction_recipient', ['environment', 'to_business_id', 'creation_time']],
        ['index_transaction_account', ['environment', 'account_id', 'creation_time']],
        ['index_transaction_amount', ['environment', 'to_amount_key', 'id']],
      ] as const)
        await db.schema
          .createIndex(name)
          .on('index_transaction')
          .columns([...columns])
          .execute();

      // One search document per record: its words, for full-text prefix search.
      await db.schema
        .createTable('index_search')
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        /** The transaction's product; '' for merchants and accounts. */
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('record_id', 'bigint', (c) => c.notNull())
        .addColumn('terms', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('index_search_pk', ['environment', 'kind', 'product', 'record_id'])
        .execute();
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`ALTER TABLE index_search ADD COLUMN terms_tsv tsvector
          GENERATED ALWAYS AS (to_tsvector('simple', terms)) STORED`.execute(db);
        await sql`CREATE INDEX index_search_tsv ON index_search USING gin (terms_tsv)`.execute(db);
      } else {
        await sql`CREATE VIRTUAL TABLE index_search_fts USING fts5(
          terms, content='index_search', content_rowid='rowid', tokenize='unicode61')`.execute(db);
        await sql`CREATE TRIGGER index_search_ai AFTER INSERT ON index_search BEGIN
          INSERT INTO index_search_fts(rowid, terms) VALUES (new.rowid, new.terms); END`.execute(
          db,
        );
        await sql`CREATE TRIGGER index_search_ad AFTER DELETE ON index_search BEGIN
          INSERT INTO index_search_fts(index_search_fts, rowid, terms)
          VALUES ('delete', old.rowid, old.terms); END`.execute(db);
        await sql`CREATE TRIGGER index_search_au AFTER UPDATE ON index_search BEGIN
          INSERT INTO index_search_fts(index_search_fts, rowid, terms)
          VALUES ('delete', old.rowid, old.terms);
          INSERT INTO index_search_fts(rowid, terms) VALUES (new.rowid, new.terms); END`.execute(
          db,
        );
      }

      // Where each list's first fill stands, and when the index last heard from the API.
      await db.schema
        .createTable('index_sync')
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('list', 'text', (c) => c.notNull())
        .addColumn('next_start', 'bigint', (c) => c.notNull())
        .addColumn('seen', 'bigint', (c) => c.notNull())
        .addColumn('filled_at', 'bigint')
        .addColumn('checked_at', 'bigint')
        .addColumn('error', 'text')
        .addPrimaryKeyConstraint('index_sync_pk', ['environment', 'list'])
        .execute();

      // Whose records each environment's index holds: a hash of the API key it was filled with.
      await db.schema
        .createTable('index_owner')
        .addColumn('environment', 'text', (c) => c.primaryKey())
        .addColumn('api_key_hash', 'text', (c) => c.notNull())
        .execute();

      // The webhook endpoint the dashboard registered with each environment.
      await db.schema
        .createTable('index_webhook')
        .addColumn('environment', 'text', (c) => c.primaryKey())
        .addColumn('webhook_id', 'bigint', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('saved_view')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id'))
        .addColumn('list', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('search', 'text', (c) => c.notNull())
        .addColumn('shared', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('saved_view_list')
        .on('saved_view')
        .columns(['list', 'user_id'])
        .execute();
    },
  },
  '008-transaction-notes': {
    async up(db: Kysely<unknown>) {
      // What the dashboard sent about a transaction that the API does not give back: the files
      // attached (invoice, deposit confirmation) and the cancellation reason in the person's words.
      await db.schema
        .createTable('transaction_note')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('transaction_note_of')
        .on('transaction_note')
        .columns(['environment', 'product', 'transaction_id'])
        .execute();
      // Files uploaded through the dashboard: their names, for the notes that link them.
      await db.schema
        .createTable('uploaded_file')
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('uploaded_by', 'text', (c) => c.notNull())
        .addColumn('uploaded_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('uploaded_file_pk', ['environment', 'url'])
        .execute();
    },
  },
  '009-money-controls': {
    async up(db: Kysely<unknown>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      // Policies name a product (or any) and the side their amount is measured on; a currency is
      // kept as the currency list spells it, an amount in one plain form, and a policy that says
      // what another says is refused (docs/decisions/025).
      await db.schema
        .alterTable('approval_policy')
        .addColumn('product', 'text', (c) => c.notNull().defaultTo('*'))
        .execute();
      await db.schema
        .alterTable('approval_policy')
        .addColumn('amount_side', 'text', (c) => c.notNull().defaultTo('payout'))
        .execute();
      const policies = await sql<{
        id: string;
        action: string;
        currency: string;
        min_amount: string;
        approvers: number;
      }>`SELECT id, action, currency, min_amount, approvers FROM approval_policy`.execute(db);
      const kept = new Map<string, { id: string; approvers: number }>();
      for (const row of policies.rows) {
        const currency = row.currency.trim().toUpperCase();
        let minAmount = '0';
        try {
          minAmount = new Decimal(row.min_amount).toFixed();
        } catch {
          // Unreadable amounts were never stored (the form checked them); zero applies always.
        }
        const key = `${row.action} ${currency} ${minAmount}`;
        const same = kept.get(key);
        // Of two policies that now say the same, the stricter stays.
        if (same && same.approvers >= Number(row.approvers)) {
          await sql`DELETE FROM approval_policy WHERE id = ${row.id}`.execute(db);
          continue;
        }
        if (same) await sql`DELETE FROM approval_policy WHERE id = ${same.id}`.execute(db);
        kept.set(key, { id: row.id, approvers: Number(row.approvers) });
        await sql`UPDATE approval_policy SET currency = ${currency}, min_amount = ${minAmount}
          WHERE id = ${row.id}`.execute(db);
      }
      await db.schema
        .createIndex('approval_policy_unique')
        .on('approval_policy')
        .columns(['action', 'product', 'currency', 'amount_side', 'min_amount'])
        .unique()
        .execute();

      // One table of requests for approvals: a transaction's quote or deposit, or a payee's new
      // bank details. `object_id` is the transaction's id or the payout account's.
      await db.schema
        .alterTable('approval_request')
        .renameColumn('transaction_id', 'object_id')
        .execute();
      for (const [column, type] of [
        ['kind', 'text'],
        ['deposit_currency', 'text'],
        ['deposit_amount', 'text'],
        ['author_id', 'text'],
        ['author_name', 'text'],
        ['change', 'text'],
      ] as const) {
        await db.schema
          .alterTable('approval_request')
          .addColumn(column, type, (c) =>
            column === 'kind' ? c.notNull().defaultTo('transaction') : c,
          )
          .execute();
      }
      await db.schema
        .createIndex('approval_request_pending')
        .on('approval_request')
        .columns(['environment', 'status', 'kind'])
        .execute();

      // What each payment the dashboard created went to, as the account was then.
      await db.schema
        .createTable('transaction_recipient')
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'bigint', (c) => c.notNull())
        .addColumn('account_id', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        /** JSON of the bank details (src/api/payee.ts), compared with the account's later. */
        .addColumn('details', 'text', (c) => c.notNull())
        .addColumn('bank_name', 'text')
        .addColumn('recorded_at', 'bigint', (c) => c.notNull())
        .addColumn('recorded_by', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('transaction_recipient_pk', [
          'environment',
          'product',
          'transaction_id',
        ])
        .execute();

      // The local index finds another merchant's account with the same IBAN or number.
      await db.schema.alterTable('index_account').addColumn('iban_key', 'text').execute();
      await db.schema.alterTable('index_account').addColumn('number_key', 'text').execute();
      const field = (name: string) =>
        postgres
          ? sql.raw(`(record::json ->> '${name}')`)
          : sql.raw(`json_extract(record, '$.${name}')`);
      await sql`UPDATE index_account SET
        iban_key = NULLIF(upper(replace(${field('iban')}, ' ', '')), ''),
        number_key = NULLIF(upper(replace(replace(replace(${field('accountNumber')}, ' ', ''), '-', ''), '.', '')), '')`.execute(
        db,
      );
      await db.schema
        .createIndex('index_account_iban')
        .on('index_account')
        .columns(['environment', 'iban_key'])
        .execute();
      await db.schema
        .createIndex('index_account_number')
        .on('index_account')
        .columns(['environment', 'number_key'])
        .execute();
    },
  },
  '010-sign-in-attempts': {
    async up(db: Kysely<unknown>) {
      // An attempt is counted before its secret is checked; a success takes back its own row.
      await db.schema.alterTable('sign_in_failure').addColumn('ticket', 'text').execute();
      await db.schema
        .createIndex('sign_in_failure_by_ticket')
        .on('sign_in_failure')
        .column('ticket')
        .execute();
    },
  },
  '011-keyed-audit-chain': {
    async up(db: Kysely<unknown>) {
      // The keyed hash of each audit entry (HMAC, chained); filled in order when a server
      // with the key starts (docs/decisions/026).
      await db.schema.alterTable('audit_log').addColumn('mac', 'text').execute();
    },
  },
  '012-transaction-search-terms': {
    async up(db: Kysely<unknown>) {
      // Transactions are now found by deposit reference and wallet address too: their lists are
      // read again from the start, rewriting each one's search words (the rows stay meanwhile).
      await sql`UPDATE index_sync SET filled_at = NULL, next_start = 0, seen = 0
        WHERE list IN ('sendc2f', 'sendf2f', 'receive')`.execute(db);
    },
  },
  '013-sandbox-notes': {
    async up(db: Kysely<unknown>) {
      // Who switched a sandbox fault on, or held the automatic moves, and when: the whole team
      // sees it beside the notice (decision 029). The sandbox itself knows only the partner.
      await db.schema
        .createTable('sandbox_note')
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('object_id', 'bigint', (c) => c.notNull())
        .addColumn('set_by', 'text', (c) => c.notNull())
        .addColumn('set_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('sandbox_note_pk', ['environment', 'kind', 'object_id'])
        .execute();
    },
  },
  '014-batches': {
    async up(db: Kysely<unknown>) {
      // Bulk payouts (docs/decisions/033): a batch and its rows, kept from upload to the end.
      await db.schema
        .createTable('batch')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('decimal_mark', 'text', (c) => c.notNull())
        .addColumn('uploaded_by', 'text', (c) => c.notNull().references('app_user.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('batch_by_environment')
        .on('batch')
        .columns(['environment', 'created_at'])
        .execute();
      await db.schema
        .createTable('batch_row')
        .addColumn('batch_id', 'text', (c) => c.notNull().references('batch.id'))
        .addColumn('row_number', 'integer', (c) => c.notNull())
        .addColumn('cells', 'text', (c) => c.notNull())
        .addColumn('problems', 'text', (c) => c.notNull())
        .addColumn('valid', 'text')
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('batch_row_pk', ['batch_id', 'row_number'])
        .execute();
    },
  },
  '015-batch-approval': {
    async up(db: Kysely<unknown>) {
      // A batch's quote, approval and submission (docs/decisions/034).
      for (const [column, type] of [
        ['quoted_at', 'bigint'],
        ['expires_at', 'bigint'],
        ['approved_at', 'bigint'],
        ['closed_reason', 'text'],
        ['lease_owner', 'text'],
        ['lease_until', 'bigint'],
        ['finished_at', 'bigint'],
      ] as const)
        await db.schema.alterTable('batch').addColumn(column, type).execute();
      for (const [column, type] of [
        ['deposit_amount', 'text'],
        ['rate', 'text'],
        ['quote_approved_at', 'bigint'],
        ['failure', 'text'],
        ['client_status', 'text'],
      ] as const)
        await db.schema.alterTable('batch_row').addColumn(column, type).execute();
      await db.schema
        .createTable('batch_decision')
        .addColumn('batch_id', 'text', (c) => c.notNull().references('batch.id'))
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('user_name', 'text', (c) => c.notNull())
        .addColumn('decision', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('batch_decision_pk', ['batch_id', 'user_id'])
        .execute();
      await db.schema.createIndex('batch_by_status').on('batch').columns(['status']).execute();
    },
  },
  '016-notifications': {
    async up(db: Kysely<unknown>) {
      // Notifications, the outbox that delivers them, kept mail, choices, chat hooks (035).
      await db.schema
        .createTable('notification')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('notification_by_user')
        .on('notification')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('outbox')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull())
        .addColumn('next_at', 'bigint', (c) => c.notNull())
        .addColumn('lease_owner', 'text')
        .addColumn('lease_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('delivered_at', 'bigint')
        .addColumn('last_error', 'text')
        .execute();
      await db.schema
        .createIndex('outbox_due')
        .on('outbox')
        .columns(['status', 'next_at'])
        .execute();
      await db.schema
        .createTable('kept_mail')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('notification_pref')
        .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('notification_pref_pk', ['user_id', 'kind'])
        .execute();
      await db.schema
        .createTable('chat_hook')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .execute();
    },
  },
  '017-notices-of-their-own': {
    async up(db: Kysely<unknown>) {
      // New browsers, daily digests, failing webhook endpoints, and index changes for the
      // open pages of other servers (docs/decisions/035).
      await db.schema
        .createTable('known_browser')
        .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id'))
        .addColumn('browser_hash', 'text', (c) => c.notNull())
        .addColumn('user_agent', 'text', (c) => c.notNull())
        .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('known_browser_pk', ['user_id', 'browser_hash'])
        .execute();
      await db.schema
        .createTable('digest_state')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('app_user.id'))
        .addColumn('sent_until', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('webhook_alert')
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('webhook_id', 'bigint', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('failing_since', 'bigint', (c) => c.notNull())
        .addColumn('alerted_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_alert_pk', ['environment', 'webhook_id'])
        .execute();
      await db.schema
        .createTable('index_change')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('ids', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('index_change_by_time').on('index_change').column('at').execute();
    },
  },
  '018-report-columns': {
    async up(db: Kysely<unknown>) {
      // Money reports (docs/decisions/036): when a transaction completed, and its amounts as
      // whole units and billionths for exact sums in SQL; existing rows filled from their record.
      for (const [column, type, fallback] of [
        ['completed_at', 'bigint', null],
        ['to_units', 'bigint', 0],
        ['to_nanos', 'bigint', 0],
        ['from_units', 'bigint', null],
        ['from_nanos', 'bigint', null],
        ['amounts_exact', 'integer', 1],
      ] as const)
        await db.schema
          .alterTable('index_transaction')
          .addColumn(column, type, (c) => (fallback === null ? c : c.notNull().defaultTo(fallback)))
          .execute();
      await db.schema
        .createIndex('index_transaction_completed')
        .on('index_transaction')
        .columns(['environment', 'completed_at'])
        .execute();
      let after: { environment: string; product: string; id: number } | undefined;
      for (;;) {
        const page = await sql<{
          environment: string;
          product: string;
          id: number;
          record: string;
        }>`
          SELECT environment, product, id, record FROM index_transaction
          ${after ? sql`WHERE (environment, product, id) > (${after.environment}, ${after.product}, ${after.id})` : sql``}
          ORDER BY environment, product, id LIMIT 1000`.execute(db);
        if (page.rows.length === 0) break;
        for (const row of page.rows) {
          const columns = reportColumnsAt018(
            JSON.parse(row.record) as Parameters<typeof reportColumnsAt018>[0],
          );
          await sql`UPDATE index_transaction SET completed_at = ${columns.completed_at},
            to_units = ${columns.to_units}, to_nanos = ${columns.to_nanos},
            from_units = ${columns.from_units}, from_nanos = ${columns.from_nanos},
            amounts_exact = ${columns.amounts_exact}
            WHERE environment = ${row.environment} AND product = ${row.product} AND id = ${row.id}`.execute(
            db,
          );
        }
        const last = page.rows.at(-1)!;
        after = { environment: last.environment, product: last.product, id: Number(last.id) };
      }
    },
  },
  '019-person-formats': {
    async up(db: Kysely<unknown>) {
      // Each person's locale and time zone (docs/decisions/037); null until they choose.
      for (const column of ['locale', 'time_zone'])
        await db.schema.alterTable('app_user').addColumn(column, 'text').execute();
    },
  },
  '020-report-indexes': {
    async up(db: Kysely<unknown>) {
      // The money reports read only these indexes (docs/decisions/036): what completed in a
      // period with every column its sums, rates, merchants and durations need, and what was
      // created in a period with its status. Only completed rows in the first.
      await db.schema.dropIndex('index_transaction_completed').execute();
      await db.schema
        .createIndex('index_transaction_report')
        .on('index_transaction')
        .columns([
          'environment',
          'completed_at',
          'product',
          'to_currency',
          'from_currency',
          'from_business_id',
          'creation_time',
          'to_units',
          'to_nanos',
          'from_units',
          'from_nanos',
          'amounts_exact',
        ])
        .where(sql.ref('completed_at'), 'is not', null)
        .execute();
      await db.schema
        .createIndex('index_transaction_created_status')
        .on('index_transaction')
        .columns([
          'environment',
          'creation_time',
          'client_status',
          'product',
          'to_currency',
          'from_business_id',
        ])
        .execute();
      // Without statistics for the new indexes SQLite's planner may walk one of them where a
      // lookup by key is cheaper (a merchant's transactions): sampled statistics now, as after a
      // first fill. PostgreSQL keeps its own.
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
        await sql`PRAGMA analysis_limit=2000`.execute(db);
        await sql`ANALYZE index_transaction`.execute(db);
      }
    },
  },
  '021-report-rollups': {
    async up(db: Kysely<unknown>) {
      // Reports over long periods (docs/decisions/038): running totals per hour kept by
      // triggers, a bound per merchant, and two walks in the order a question needs: each
      // merchant's completed payouts by currency and time, and completions by how long they took.
      await createReportRollups(db);
      await sql`CREATE INDEX index_transaction_merchant_volume ON index_transaction
        (environment, from_business_id, to_currency, completed_at, product, to_units, to_nanos)
        WHERE completed_at IS NOT NULL`.execute(db);
      await sql`CREATE INDEX index_transaction_duration ON index_transaction
        (environment, (completed_at - creation_time), completed_at, product, to_currency)
        WHERE completed_at IS NOT NULL`.execute(db);
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
        await sql`PRAGMA analysis_limit=2000`.execute(db);
        await sql`ANALYZE`.execute(db);
      }
    },
  },
  '022-batch-payees': {
    async up(db: Kysely<unknown>) {
      // Who each row of a bulk file pays, as the API had the account when the batch was quoted
      // (docs/decisions/040).
      await db.schema.alterTable('batch_row').addColumn('payee', 'text').execute();
    },
  },
  '023-approvals-to-trust': {
    async up(db: Kysely<unknown>) {
      // Settings of the workspace (quote validity, the step-up window, the base currency), the
      // step-up time of a session, base-currency policies with the conversion each decision
      // used, and changes of the controls waiting for a second admin (docs/decisions/041, 042).
      await db.schema
        .createTable('workspace_setting')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .execute();
      await db.schema.alterTable('app_session').addColumn('step_up_at', 'bigint').execute();
      await db.schema
        .alterTable('approval_policy')
        .addColumn('in_base', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The same threshold in the base currency and in any one currency are two policies.
      await db.schema.dropIndex('approval_policy_unique').execute();
      await db.schema
        .createIndex('approval_policy_unique')
        .on('approval_policy')
        .columns(['action', 'product', 'currency', 'amount_side', 'min_amount', 'in_base'])
        .unique()
        .execute();
      await db.schema.alterTable('approval_decision').addColumn('conversion', 'text').execute();
      await db.schema.alterTable('batch_decision').addColumn('conversion', 'text').execute();
      await db.schema
        .createTable('control_change')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('author_id', 'text', (c) => c.notNull())
        .addColumn('author_name', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('closed_at', 'bigint')
        .addColumn('decided_by', 'text')
        .addColumn('decided_by_name', 'text')
        .addColumn('reason', 'text')
        .execute();
      // A transaction of a bulk file is found from the local index (its deposits are grouped).
      await db.schema
        .createIndex('batch_row_by_transaction')
        .on('batch_row')
        .column('transaction_id')
        .execute();
      await db.schema
        .createIndex('control_change_by_status')
        .on('control_change')
        .columns(['status', 'created_at'])
        .execute();
    },
  },
  '024-invitations': {
    async up(db: Kysely<unknown>) {
      // A person an admin added waits as invited until their first sign-in (issue 43): the
      // people list says so. People already here have signed in or were made with a password.
      await db.schema.alterTable('app_user').addColumn('invited_at', 'bigint').execute();
    },
  },
  '025-monthly-statements': {
    async up(db: Kysely<unknown>) {
      // The last month whose statement each person was mailed, "2026-10" (issue 43): claimed
      // with a compare-and-set, so that servers sharing the database mail it once.
      await db.schema
        .createTable('statement_mail_state')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('app_user.id'))
        .addColumn('sent_month', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '026-single-sign-on': {
    async up(db: Kysely<unknown>) {
      // The workspace's identity provider, one per protocol, its client secret sealed; single
      // sign-ons under way; and the provider's subject each person signed in as (issue 44).
      await db.schema
        .createTable('sso_connection')
        .addColumn('protocol', 'text', (c) => c.primaryKey())
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('client_id', 'text', (c) => c.notNull())
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('groups_claim', 'text', (c) => c.notNull())
        .addColumn('domains', 'text', (c) => c.notNull())
        .addColumn('role_map', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_by', 'text')
        .addColumn('last_sign_in_at', 'bigint')
        .addColumn('last_sign_in_email', 'text')
        .execute();
      await db.schema
        .createTable('sso_login')
        .addColumn('state_hash', 'text', (c) => c.primaryKey())
        .addColumn('protocol', 'text', (c) => c.notNull())
        .addColumn('browser_hash', 'text', (c) => c.notNull())
        .addColumn('nonce', 'text', (c) => c.notNull())
        .addColumn('code_verifier', 'text', (c) => c.notNull())
        .addColumn('return_to', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sso_login_by_age')
        .on('sso_login')
        .column('created_at')
        .execute();
      await db.schema.alterTable('app_user').addColumn('sso_subject', 'text').execute();
      await db.schema
        .createIndex('app_user_sso_subject')
        .on('app_user')
        .column('sso_subject')
        .unique()
        .execute();
    },
  },
  '027-scim': {
    async up(db: Kysely<unknown>) {
      // Provisioning from the directory (SCIM 2.0, issue 44): the bearer tokens an admin made
      // (hashed), the directory's groups and their members, and on each person the directory's
      // own id for them, whether the directory manages them, and when it deleted them.
      await db.schema
        .createTable('scim_token')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .addColumn('revoked_at', 'bigint')
        .addColumn('last_used_at', 'bigint')
        .addColumn('last_request', 'text')
        .execute();
      await db.schema
        .createTable('scim_group')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('display_name', 'text', (c) => c.notNull().unique())
        .addColumn('external_id', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('scim_group_member')
        .addColumn('group_id', 'text', (c) => c.notNull().references('scim_group.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('app_user.id'))
        .addPrimaryKeyConstraint('scim_group_member_pk', ['group_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('scim_group_member_by_user')
        .on('scim_group_member')
        .column('user_id')
        .execute();
      for (const column of ['scim_external_id', 'scim_managed_at', 'scim_deleted_at'] as const)
        await db.schema
          .alterTable('app_user')
          .addColumn(column, column === 'scim_external_id' ? 'text' : 'bigint')
          .execute();
    },
  },
  '028-saml': {
    async up(db: Kysely<unknown>) {
      // SAML 2.0 beside OpenID Connect (issue 44): the identity provider's sign-in URL and its
      // signing certificates on its connection row; the requests this server sent (a response
      // must answer one of them, or be IdP-initiated); and the assertions already used, until
      // they expire, so that none signs in twice.
      await db.schema.alterTable('sso_connection').addColumn('entry_point', 'text').execute();
      await db.schema.alterTable('sso_connection').addColumn('certificates', 'text').execute();
      await db.schema
        .createTable('sso_saml_request')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sso_used_assertion')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '029-session-limits': {
    async up(db: Kysely<unknown>) {
      // How long a session may sit idle, set from the workspace's sign-in policy when it opens
      // (issue 44); none: the default of 30 minutes.
      await db.schema.alterTable('app_session').addColumn('idle_ms', 'bigint').execute();
    },
  },
  '030-unread-notifications': {
    async up(db: Kysely<unknown>) {
      // The live hub counts everyone's unread notifications each beat (issue 45): an index of the
      // unread ones only, so that the count does not read every notification a person ever had.
      await db.schema
        .createIndex('notification_unread')
        .on('notification')
        .column('user_id')
        .where(sql.ref('read_at'), 'is', null)
        .execute();
    },
  },
  '031-batch-quoting': {
    async up(db: Kysely<unknown>) {
      // A bulk file's quote runs in the background (issue 45): the status it was quoted from
      // (it goes back there if the quote fails), who asked, rows priced of those to price, and
      // why the last quote failed (JSON: a detail and the rows' problems).
      await db.schema.alterTable('batch').addColumn('quote_from', 'text').execute();
      await db.schema.alterTable('batch').addColumn('quote_by', 'text').execute();
      await db.schema.alterTable('batch').addColumn('quote_done', 'bigint').execute();
      await db.schema.alterTable('batch').addColumn('quote_total', 'bigint').execute();
      await db.schema.alterTable('batch').addColumn('quote_problem', 'text').execute();
    },
  },
  '032-merchant-notes': {
    async up(db: Kysely<unknown>) {
      // Who accepted each of a merchant's agreements and who gave each KYC document, and when
      // (docs/decisions/073): the API keeps the acceptance's time, not the person.
      await db.schema
        .createTable('merchant_note')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('merchant_id', 'bigint', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addColumn('detail', 'text')
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('merchant_note_of')
        .on('merchant_note')
        .columns(['environment', 'merchant_id'])
        .execute();
    },
  },
  '033-approval-release': {
    async up(db: Kysely<unknown>) {
      // When the last approval needed was given and the approved call is on its way to the API
      // (docs/decisions/077): while it is, the request takes no other decision, whichever server
      // is asked.
      await db.schema.alterTable('approval_request').addColumn('released_at', 'bigint').execute();
    },
  },
  '034-webhook-confirmed': {
    async up(db: Kysely<unknown>) {
      // When a server reached at the registered webhook address last confirmed it: servers of
      // other addresses use the registration while it is confirmed (docs/decisions/078).
      await db.schema.alterTable('index_webhook').addColumn('confirmed_at', 'bigint').execute();
    },
  },
  '035-api-budget': {
    async up(db: Kysely<unknown>) {
      // The servers' one budget of background calls per environment (docs/decisions/081): a
      // token bucket in thousandths of a call, and the pause a 429 asked for.
      await db.schema
        .createTable('api_budget')
        .addColumn('environment', 'text', (c) => c.primaryKey())
        .addColumn('tokens_milli', 'bigint', (c) => c.notNull())
        .addColumn('refilled_at', 'bigint', (c) => c.notNull())
        .addColumn('paused_until', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '036-counts-changed': {
    async up(db: Kysely<unknown>) {
      // PostgreSQL tells every server when what the live counts read has changed (decision
      // 083): a statement trigger on each such table sends NOTIFY at its commit, so that each
      // server reads its pages' counts once per change instead of every second. SQLite (one
      // server) keeps its beat.
      if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
      await sql`CREATE OR REPLACE FUNCTION dashboard_counts_changed() RETURNS trigger
        LANGUAGE plpgsql AS $$
        BEGIN
          PERFORM pg_notify('dashboard_counts', TG_TABLE_NAME);
          RETURN NULL;
        END $$`.execute(db);
      const watched: Array<[table: string, events: string]> = [
        ['notification', 'INSERT OR UPDATE OR DELETE'],
        ['approval_request', 'INSERT OR UPDATE OR DELETE'],
        ['approval_decision', 'INSERT OR UPDATE OR DELETE'],
        ['approval_policy', 'INSERT OR UPDATE OR DELETE'],
        ['control_change', 'INSERT OR UPDATE OR DELETE'],
        ['transaction_origin', 'INSERT OR UPDATE OR DELETE'],
        ['workspace_setting', 'INSERT OR UPDATE OR DELETE'],
        ['batch', 'INSERT OR DELETE OR UPDATE OF status'],
        ['batch_decision', 'INSERT OR UPDATE OR DELETE'],
        ['app_user', 'INSERT OR DELETE OR UPDATE OF roles, disabled_at'],
        // A session that ends or moves to another environment ends its pages' streams.
        ['app_session', 'DELETE OR UPDATE OF environment'],
      ];
      for (const [table, events] of watched)
        await sql
          .raw(
            `CREATE TRIGGER ${table}_counts AFTER ${events} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION dashboard_counts_changed()`,
          )
          .execute(db);
    },
  },
  '037-sso-options': {
    async up(db: Kysely<unknown>) {
      // What single sign-on now knows of a provider beside its keys (docs/decisions/085): the
      // preset, the attributes of address and name, IdP-initiated sign-in, where its metadata
      // is fetched from and when; OpenID's tenant and client authentication. A JSON object, so
      // that a setting more needs no migration.
      await db.schema
        .alterTable('sso_connection')
        .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
        .execute();
    },
  },
  '038-saml-sessions': {
    async up(db: Kysely<unknown>) {
      // Which sessions a SAML sign-in opened, with the provider's name for the person and its
      // session index (docs/decisions/085): single logout ends them from either side.
      await db.schema
        .createTable('sso_saml_session')
        .addColumn('session_hash', 'text', (c) => c.primaryKey())
        .addColumn('provider', 'text', (c) => c.notNull())
        .addColumn('name_id', 'text', (c) => c.notNull())
        .addColumn('name_id_format', 'text', (c) => c.notNull())
        .addColumn('session_index', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sso_saml_session_person')
        .on('sso_saml_session')
        .columns(['provider', 'name_id'])
        .execute();
    },
  },
  '039-approval-nudges': {
    async up(db: Kysely<unknown>) {
      // What was done about an approval nobody acted on (docs/decisions/086): one row per thing
      // waiting (a transaction's quote or deposit approval, new bank details) and the moment it
      // began to wait, with when the dashboard first saw it wait (it counts from the later, so
      // that what waited before an upgrade is not expired at once); its reminder, escalation
      // and expiry each claimed once by a conditional update, whichever server finds it first.
      await db.schema
        .createTable('approval_nudge')
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('since', 'bigint', (c) => c.notNull())
        .addColumn('first_seen', 'bigint', (c) => c.notNull())
        .addColumn('reminded_at', 'bigint')
        .addColumn('escalated_at', 'bigint')
        .addColumn('expired_at', 'bigint')
        .addPrimaryKeyConstraint('approval_nudge_pk', ['environment', 'subject', 'since'])
        .execute();
    },
  },
  '040-approval-links': {
    async up(db: Kysely<unknown>) {
      // Links that decide one approval from a mail (docs/decisions/087): the hash of a random
      // token, the one person and the one approval it is for, until when it works, and when it
      // was used (claimed once by a conditional update) with what it decided.
      await db.schema
        .createTable('approval_link')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'bigint', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('outcome', 'text')
        .execute();
      await db.schema
        .createIndex('approval_link_expiry')
        .on('approval_link')
        .column('expires_at')
        .execute();
    },
  },
  '041-absences': {
    async up(db: Kysely<unknown>) {
      // Away with a delegate (docs/decisions/088): one absence per person at most, from and until
      // when, and who stands in; a decision given for someone away records whom it was for.
      await db.schema
        .createTable('absence')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('delegate_id', 'text', (c) => c.notNull())
        .addColumn('from_at', 'bigint', (c) => c.notNull())
        .addColumn('until_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('absence_delegate').on('absence').column('delegate_id').execute();
      for (const table of ['approval_decision', 'batch_decision']) {
        await db.schema.alterTable(table).addColumn('for_user_id', 'text').execute();
        await db.schema.alterTable(table).addColumn('for_user_name', 'text').execute();
      }
    },
  },
  '042-money-limits': {
    async up(db: Kysely<unknown>) {
      // Limits per person, merchant and workspace (docs/decisions/089): the limits themselves, the
      // running totals per day and month in the base currency (read and written under the
      // controls' lock), and each creation's reservation, given back when the API refuses it.
      await db.schema
        .createTable('money_limit')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('period', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text')
        .execute();
      await db.schema
        .createTable('limit_total')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('amount', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('limit_use')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('keys', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '043-payout-schedules': {
    async up(db: Kysely<unknown>) {
      // Scheduled payouts (docs/decisions/090): what to create, when next, and each run claimed
      // once by its primary key (schedule, day), whichever server inserts it first.
      await db.schema
        .createTable('payout_schedule')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('environment', 'text', (c) => c.notNull())
        .addColumn('product', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('repeat', 'text', (c) => c.notNull())
        .addColumn('day_of_month', 'integer')
        .addColumn('cutoff', 'text', (c) => c.notNull())
        .addColumn('payout_currency', 'text', (c) => c.notNull())
        .addColumn('next_run', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('payout_schedule_due')
        .on('payout_schedule')
        .columns(['status', 'next_run'])
        .execute();
      await db.schema
        .createTable('schedule_run')
        .addColumn('schedule_id', 'text', (c) => c.notNull())
        .addColumn('run_date', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('transaction_id', 'bigint')
        .addColumn('reason', 'text')
        .addColumn('claimed_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('schedule_run_pk', ['schedule_id', 'run_date'])
        .execute();
    },
  },
  '044-person-chat-hooks': {
    async up(db: Kysely<unknown>) {
      // A person's own chat (docs/decisions/087): an incoming webhook that posts to them alone (a
      // direct message), which gets what they get at once, approvals with their own links.
      await db.schema
        .createTable('person_chat_hook')
        .addColumn('user_id', 'text', (c) => c.primaryKey())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '045-person-language': {
    async up(db: Kysely<unknown>) {
      // A person's language (docs/decisions/091), apart from their formats; null: their
      // browser's for pages, the workspace's default for mails.
      await db.schema.alterTable('app_user').addColumn('language', 'text').execute();
    },
  },
  '046-control-change-words': {
    async up(db: Kysely<unknown>) {
      // A held change's summary as words to tell in the reader's language (docs/decisions/092),
      // beside its English; null for changes held before.
      await db.schema.alterTable('control_change').addColumn('summary_words', 'text').execute();
    },
  },
};
