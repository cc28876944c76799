// Versioned migrations of the dashboard's database, for SQLite and PostgreSQL alike: column types
// both understand (text, bigint, integer), no dialect-specific defaults. Kysely's migrator keeps
// the applied ones in its own table and takes a lock while migrating, so servers starting
// together on one PostgreSQL do not race.
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

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
};
