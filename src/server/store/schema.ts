// The dashboard's own tables, as Kysely sees them. Times are milliseconds since the epoch in
// bigint columns; flags are 0/1 integers, the same on SQLite and PostgreSQL.
import type { Generated } from 'kysely';

export interface UserTable {
  id: string;
  email: string;
  name: string;
  password_hash: string;
  /** Comma-separated role names. */
  roles: string;
  created_at: number;
  disabled_at: number | null;
  totp_secret_sealed: string | null;
  totp_enabled_at: number | null;
  /** The last time step whose code was accepted: a code is good once. */
  totp_last_step: number | null;
  recovery_codes: string | null;
  /**
   * The identity provider's subject this person signed in as, "oidc:<sub>" (migration 026): once
   * linked, another subject with the same address is refused.
   */
  sso_subject: string | null;
  /** The directory's own id for the person (SCIM `externalId`, migration 027). */
  scim_external_id: string | null;
  /** Made or taken over by the directory through SCIM: its groups give the roles. */
  scim_managed_at: number | null;
  /** Deleted by the directory: deactivated, and no longer a SCIM resource. */
  scim_deleted_at: number | null;
  /** BCP 47 locale and IANA time zone the person chose; null: their browser's (migration 019). */
  locale: string | null;
  time_zone: string | null;
  /** The person's language (decision 091); null: their browser's (migration 045). */
  language: string | null;
  /** When an admin added the person, until their first sign-in (migration 024). */
  invited_at: number | null;
}

export interface RoleSettingTable {
  role: string;
  require_totp: number;
}

export interface SessionTable {
  /** SHA-256 of the cookie's value: a stolen table gives no usable cookie. */
  id_hash: string;
  user_id: string;
  environment: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  ip: string;
  user_agent: string;
  /** When the person last gave their second factor to release money (migration 023). */
  step_up_at: number | null;
  /** How long it may sit idle (migration 029); null: IDLE_TIMEOUT_MS. */
  idle_ms: number | null;
}

export interface CredentialTable {
  environment: string;
  api_key: string;
  /** AES-256-GCM of the API secret: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  secret_sealed: string;
  updated_at: number;
  updated_by: string | null;
}

export interface AuditTable {
  seq: number;
  at: number;
  actor_id: string | null;
  actor_email: string | null;
  roles: string;
  ip: string;
  user_agent: string;
  action: string;
  target: string | null;
  outcome: string;
  request_id: string | null;
  /** JSON of the fields changed, or of the refusal's reason. */
  details: string | null;
  prev_hash: string;
  hash: string;
  /** The keyed hash (HMAC), chained like `hash`; null until the chain is sealed. */
  mac: string | null;
}

export interface ApprovalPolicyTable {
  id: string;
  /** A controlled action: `approveQuote`, `approveDeposit`, `changeBankDetails`. */
  action: string;
  /** A transaction product, or `*` for any. */
  product: string;
  /** A currency symbol as the currency list spells it, or `*` for any. */
  currency: string;
  /** `payout` or `deposit`: the transaction's amount the threshold is measured on. */
  amount_side: string;
  /** From this amount (a plain decimal string, in `currency`) the policy applies. */
  min_amount: string;
  approvers: number;
  created_at: number;
  created_by: string | null;
  /**
   * 1: `min_amount` is in the workspace's base currency and the policy applies to every
   * currency, converted at the rate the API quotes at decision time (migration 023, 042).
   */
  in_base: number;
}

export interface TransactionOriginTable {
  environment: string;
  product: string;
  transaction_id: number;
  /** The user who created the transaction through the dashboard. */
  created_by: string;
  created_at: number;
}

export interface ApprovalRequestTable {
  id: string;
  environment: string;
  /** `transaction` (a quote or deposit approval) or `payee` (new bank details). */
  kind: string;
  /** The transaction's product; '' for a payee change. */
  product: string;
  /** The transaction's id, or the payout account's. */
  object_id: number;
  action: string;
  /** The payout (or the account's currency, amount 0, for a payee change). */
  currency: string;
  amount: string;
  deposit_currency: string | null;
  deposit_amount: string | null;
  /** Approvers the policies asked at the last decision (they are asked again at each). */
  required: number;
  /** pending, approved (the API was called), rejected, expired, withdrawn, stale, failed. */
  status: string;
  created_at: number;
  expires_at: number;
  closed_at: number | null;
  /**
   * When the last approval needed was given: the approved call is being sent to the API. Set
   * while pending, cleared when the API could not be reached (docs/decisions/077).
   */
  released_at: number | null;
  /** Why it was rejected, or why it could not be applied. */
  reject_reason: string | null;
  /** The body of the API call made once approved. */
  body: string | null;
  /** Who proposed a payee change. */
  author_id: string | null;
  author_name: string | null;
  /** A payee change: JSON of its account, bank details before and after, and warnings. */
  change: string | null;
}

export interface TransactionRecipientTable {
  environment: string;
  product: string;
  transaction_id: number;
  account_id: number;
  currency: string;
  /** JSON of the account's bank details when the payment was created. */
  details: string;
  bank_name: string | null;
  recorded_at: number;
  recorded_by: string;
}

/** Who decided, how, why and when: a transaction's approval or a bulk file's. */
interface DecisionColumns {
  user_id: string;
  user_name: string;
  decision: string;
  reason: string | null;
  at: number;
  /**
   * The conversion into the workspace's base currency that base-currency policies judged this
   * decision by, JSON of `{from, to, rate, amount}` (migration 023, docs/decisions/042).
   */
  conversion: string | null;
  /** Given by a delegate for someone away (migration 041): whom it was for, else null. */
  for_user_id: string | null;
  for_user_name: string | null;
}

/** A limit on what may be created (migration 042, docs/decisions/089). */
export interface MoneyLimitTable {
  id: string;
  /** `person`, `merchant` or `workspace`. */
  scope: string;
  /** The person's id, the merchant's id, or `*` (each person, each merchant, the workspace). */
  target: string;
  /** `transaction`, `day` or `month`. */
  period: string;
  /** In the workspace's base currency, a decimal string. */
  amount: string;
  created_at: number;
  created_by: string | null;
}

/** What was created in a period, in the base currency: `env|scope|target|period|key`. */
export interface LimitTotalTable {
  key: string;
  amount: string;
}

/** One creation's reservation against the totals (its keys as JSON), until settled or given back. */
export interface LimitUseTable {
  id: string;
  keys: string;
  amount: string;
  at: number;
  /** `reserved` until the API answered, then `used`. */
  status: string;
}

/** A payout made on a day, once or monthly (migration 043, docs/decisions/090). */
export interface PayoutScheduleTable {
  id: string;
  environment: string;
  product: string;
  /** The create body, JSON. */
  body: string;
  /** `once` or `monthly`. */
  repeat: string;
  day_of_month: number | null;
  /** `HH:MM` UTC: the run's approvals by then, else it is skipped. */
  cutoff: string;
  /** The payout account's currency when it was scheduled: how its notices name the amount. */
  payout_currency: string;
  /** YYYY-MM-DD; null once ended. */
  next_run: string | null;
  /** `active`, `ended` or `cancelled`. */
  status: string;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** One run of a schedule, claimed by inserting it (migration 043). */
export interface ScheduleRunTable {
  schedule_id: string;
  run_date: string;
  /** `creating`, `created` (waits for its approval), `approved`, `skipped` or `failed`. */
  status: string;
  transaction_id: number | null;
  reason: string | null;
  claimed_at: number;
  updated_at: number;
}

/** Away, with a delegate (migration 041, docs/decisions/088): at most one per person. */
export interface AbsenceTable {
  user_id: string;
  delegate_id: string;
  from_at: number;
  until_at: number;
  created_at: number;
  created_by: string;
}

export interface ApprovalDecisionTable extends DecisionColumns {
  request_id: string;
}

/** The workspace's identity provider (migration 026, docs/decisions/051); one per protocol. */
export interface SsoConnectionTable {
  protocol: string;
  issuer: string;
  client_id: string;
  /** The client secret, sealed by the vault. */
  secret_sealed: string;
  groups_claim: string;
  /** JSON array of the email domains it covers, lower case. */
  domains: string;
  /** JSON array of `{group, roles}`. */
  role_map: string;
  updated_at: number;
  updated_by: string | null;
  last_sign_in_at: number | null;
  last_sign_in_email: string | null;
  /** SAML: the provider's sign-in URL (migration 028). */
  entry_point: string | null;
  /** SAML: JSON array of the provider's signing certificates, PEM. */
  certificates: string | null;
  /** JSON object of the provider's other settings (migration 037, docs/decisions/085). */
  options: Generated<string>;
}

/** What was done about an approval nobody acted on (migration 039, docs/decisions/086). */
/** A link that decides one approval from a mail (migration 040, docs/decisions/087). */
export interface ApprovalLinkTable {
  /** SHA-256 of the token, hex: the token itself is only in the mail. */
  token_hash: string;
  user_id: string;
  environment: string;
  product: string;
  transaction_id: number;
  /** `approveQuote` or `approveDeposit`. */
  action: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** `approve` or `reject`, once used. */
  outcome: string | null;
}

export interface ApprovalNudgeTable {
  environment: string;
  /** `transaction:{product}:{id}:{quote|deposit}` or `payee:{request id}`. */
  subject: string;
  /** When it began to wait. */
  since: number;
  /** When the dashboard first saw it wait: the wait counts from the later of the two. */
  first_seen: number;
  reminded_at: number | null;
  escalated_at: number | null;
  expired_at: number | null;
}

/** A session a SAML sign-in opened, for single logout (migration 038). */
export interface SsoSamlSessionTable {
  /** The session's id hash (app_session.id_hash). */
  session_hash: string;
  provider: string;
  name_id: string;
  name_id_format: string;
  session_index: string | null;
  created_at: number;
}

/** A SAML request this server sent, answered by a response's InResponseTo (migration 028). */
export interface SsoSamlRequestTable {
  id: string;
  created_at: number;
}

/** An assertion already used, by the hash of its ID, until it expires (migration 028). */
export interface SsoUsedAssertionTable {
  id_hash: string;
  expires_at: number;
}

/**
 * A single sign-on under way (migration 026): found by the hash of its `state`, bound to the
 * browser that started it by the hash of a cookie, used once, good for ten minutes.
 */
export interface SsoLoginTable {
  state_hash: string;
  protocol: string;
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  return_to: string | null;
  created_at: number;
}

/** A bearer token the directory provisions with (migration 027): only its hash is kept. */
export interface ScimTokenTable {
  id: string;
  token_hash: string;
  created_at: number;
  created_by: string | null;
  revoked_at: number | null;
  last_used_at: number | null;
  /** The last request made with it, "PATCH /Users/…", for Settings. */
  last_request: string | null;
}

/** A group of the directory, as SCIM provisions it (migration 027). */
export interface ScimGroupTable {
  id: string;
  display_name: string;
  external_id: string | null;
  created_at: number;
  updated_at: number;
}

export interface ScimGroupMemberTable {
  group_id: string;
  user_id: string;
}

/** A setting of the workspace, by key, its value JSON (migration 023). */
export interface WorkspaceSettingTable {
  key: string;
  value: string;
  updated_at: number;
  updated_by: string | null;
}

/**
 * A change of the controls themselves (a policy added or removed, a person's roles, the approval
 * settings) waiting for a second admin (migration 023, docs/decisions/042).
 */
export interface ControlChangeTable {
  id: string;
  kind: string;
  /** JSON of what will be applied. */
  payload: string;
  /** The change in words, in English (the audit trail's). */
  summary: string;
  /**
   * The same as words to tell in the reader's language (JSON of `SaidData`, migration 046,
   * docs/decisions/092); null for a change held before it.
   */
  summary_words: string | null;
  author_id: string;
  author_name: string;
  /** pending, applied, rejected, withdrawn, failed. */
  status: string;
  created_at: number;
  expires_at: number;
  closed_at: number | null;
  decided_by: string | null;
  decided_by_name: string | null;
  reason: string | null;
}

export interface PasswordResetTable {
  token_hash: string;
  user_id: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface SignInFailureTable {
  /** `address:<ip>` or `account:<email>`. */
  key: string;
  at: number;
  /** The attempt that reserved it, while it may still turn out a success. */
  ticket: string | null;
}

export interface IndexMerchantTable {
  environment: string;
  id: number;
  owner_id: number | null;
  name: string;
  /** The name folded for sorting. */
  name_key: string;
  kyc_status: string;
  country_iso: string;
  creation_time: number;
  last_update_time: number;
  /** The merchant as the API returned it, JSON. */
  record: string;
  synced_at: number;
}

export interface IndexAccountTable {
  environment: string;
  id: number;
  business_id: number;
  currency_symbol: string;
  account_status: string;
  holder_name: string;
  number_tail: string;
  /** The IBAN and the account number as compared between accounts (src/api/payee.ts). */
  iban_key: string | null;
  number_key: string | null;
  creation_time: number;
  last_update_time: number;
  record: string;
  synced_at: number;
}

export interface IndexTransactionTable {
  environment: string;
  product: string;
  id: number;
  from_business_id: number;
  to_business_id: number;
  account_id: number;
  client_status: string;
  awaiting: string;
  final: number;
  to_amount: string;
  to_amount_key: string;
  to_currency: string;
  from_currency: string;
  creation_time: number;
  last_update_time: number;
  record: string;
  synced_at: number;
  /** When it completed (its last update, once completed), for the money reports (036). */
  completed_at: number | null;
  /** toAmount as whole units and billionths, for exact sums (036). */
  to_units: number;
  to_nanos: number;
  from_units: number | null;
  from_nanos: number | null;
  /** 0 when an amount has more than nine decimals (its sum is then rounded). */
  amounts_exact: number;
}

/** Per UTC hour, what completed (migration 021, docs/decisions/038); kept by triggers. */
export interface IndexReportVolumeTable {
  environment: string;
  hour: number;
  product: string;
  to_currency: string;
  from_currency: string;
  n: number;
  to_units: number;
  to_nanos: number;
  from_units: number;
  from_nanos: number;
  /** How many of them had an amount cut at nine decimals. */
  inexact: number;
}

/** Per UTC hour of creation, how many transactions have each status (038); kept by triggers. */
export interface IndexReportStatusTable {
  environment: string;
  hour: number;
  product: string;
  to_currency: string;
  client_status: string;
  n: number;
}

/** Per merchant and payout currency, its positive payouts ever completed (038). */
export interface IndexReportMerchantTable {
  environment: string;
  merchant_id: number;
  to_currency: string;
  n: number;
  units: number;
  nanos: number;
}

export interface IndexSearchTable {
  environment: string;
  /** merchant, account or transaction. */
  kind: string;
  /** The transaction's product; '' for merchants and accounts. */
  product: string;
  record_id: number;
  terms: string;
}

export interface IndexSyncTable {
  environment: string;
  /** merchants, accounts, or a transaction product. */
  list: string;
  /** The offset the first fill carries on from. */
  next_start: number;
  seen: number;
  filled_at: number | null;
  /** When the API last answered this list (fill or reconciliation). */
  checked_at: number | null;
  error: string | null;
}

export interface IndexOwnerTable {
  environment: string;
  /** SHA-256 of the API key the index was filled with. */
  api_key_hash: string;
}

export interface IndexWebhookTable {
  environment: string;
  webhook_id: number;
  url: string;
  secret_sealed: string;
  created_at: number;
  /** When a server reached at `url` last confirmed it (docs/decisions/078). */
  confirmed_at: number | null;
}

/** The servers' one budget of background calls of an environment (docs/decisions/081). */
export interface ApiBudgetTable {
  environment: string;
  /** Calls that may be made now, in thousandths. */
  tokens_milli: number;
  refilled_at: number;
  /** No background call before this (a 429's Retry-After). */
  paused_until: number;
}

export interface SavedViewTable {
  id: string;
  user_id: string;
  /** Which list: merchants, accounts, or a transaction product. */
  list: string;
  name: string;
  /** The list's URL search (filters and sort), as a query string. */
  search: string;
  shared: number;
  created_at: number;
}

export interface TransactionNoteTable {
  id: string;
  environment: string;
  product: string;
  transaction_id: number;
  kind: string;
  value: string;
  detail: string | null;
  created_by: string;
  created_at: number;
}

/** Who accepted a merchant's agreement or gave a KYC document (migration 032). */
export interface MerchantNoteTable {
  id: string;
  environment: string;
  merchant_id: number;
  /** `agreementAccepted` (value: the agreement's id) or `document` (value: its id, detail: type). */
  kind: string;
  value: string;
  detail: string | null;
  created_by: string;
  created_at: number;
}

export interface UploadedFileTable {
  environment: string;
  url: string;
  file_name: string;
  uploaded_by: string;
  uploaded_at: number;
}

/** Who switched on a sandbox fault or held the automatic moves, and when (decision 029). */
export interface SandboxNoteTable {
  environment: string;
  kind: string;
  object_id: number;
  set_by: string;
  set_at: number;
}

/** A bulk payout file, uploaded once and followed to its end (docs/decisions/033). */
export interface BatchTable {
  id: string;
  environment: string;
  product: string;
  status: string;
  file_name: string;
  format: string;
  /** The file's decimal separator, as read. */
  decimal_mark: string;
  uploaded_by: string;
  created_at: number;
  updated_at: number;
  /** When the rows were priced and the approval opened (docs/decisions/034). */
  quoted_at: number | null;
  /** Until when the approval may be given. */
  expires_at: number | null;
  approved_at: number | null;
  /** Why it was rejected or cancelled, and by whom. */
  closed_reason: string | null;
  /** The server submitting it, and until when that claim holds (renewed while it works). */
  lease_owner: string | null;
  lease_until: number | null;
  finished_at: number | null;
  /** While quoting: the status it was quoted from, who asked, rows priced of those to price. */
  quote_from: string | null;
  quote_by: string | null;
  quote_done: number | null;
  quote_total: number | null;
  /** Why the last quote failed, JSON (`QuoteProblem`); null when it did not. */
  quote_problem: string | null;
}

/** An approver's decision on a batch. */
export interface BatchDecisionTable extends DecisionColumns {
  batch_id: string;
}

/** One row of a batch: its cells as read, what is wrong with it, and what it became. */
export interface BatchRowTable {
  batch_id: string;
  row_number: number;
  /** The cells by column, JSON. */
  cells: string;
  /** The row's problems, JSON (an empty list when valid). */
  problems: string;
  /** What the API will be sent, JSON; null while the row is invalid. */
  valid: string | null;
  /** invalid, ready, excluded (left out of the batch), created, failed. */
  state: string;
  transaction_id: number | null;
  updated_at: number;
  /** The batch quote: the deposit this row asks and the rate, as the API priced it. */
  deposit_amount: string | null;
  rate: string | null;
  /** Set once its transaction's quote is approved: the row is done. */
  quote_approved_at: number | null;
  /** Why the API refused it. */
  failure: string | null;
  /** Its transaction's status, as last seen. */
  client_status: string | null;
  /**
   * Who the row pays, read from the API when the batch is quoted (JSON of `RowPayee`): what the
   * approvers approve, and what submission holds the account to (docs/decisions/040).
   */
  payee: string | null;
}

/** Something the dashboard told a person, shown in the app (docs/decisions/035). */
export interface NotificationTable {
  id: string;
  user_id: string;
  kind: string;
  title: string;
  body: string;
  link: string | null;
  created_at: number;
  read_at: number | null;
}

/**
 * A message to deliver outside the app, written with the change that causes it: an email or a
 * chat message. Claimed by one server at a time (a lease), retried until delivered or given up.
 */
export interface OutboxTable {
  id: string;
  /** email or chat */
  channel: string;
  /** The address, or the chat hook's URL. */
  target: string;
  kind: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** pending, delivered, failed (given up) */
  status: string;
  attempts: number;
  next_at: number;
  lease_owner: string | null;
  lease_until: number | null;
  created_at: number;
  delivered_at: number | null;
  last_error: string | null;
}

/** Mail kept instead of sent, when no SMTP server is configured (the demo shows it). */
export interface KeptMailTable {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: string;
  created_at: number;
}

export interface NotificationPrefTable {
  user_id: string;
  kind: string;
  mode: string;
}

export interface ChatHookTable {
  id: string;
  kind: string;
  url: string;
  created_at: number;
  created_by: string | null;
}

/** A person's own chat hook (migration 044): posts to them alone. */
export interface PersonChatHookTable {
  user_id: string;
  url: string;
  created_at: number;
}

/** A browser a person has signed in from (its cookie's hash): a new one is told of (035). */
export interface KnownBrowserTable {
  user_id: string;
  browser_hash: string;
  user_agent: string;
  first_seen_at: number;
  last_seen_at: number;
}

/** Up to when each person's daily digest has told of their notifications. */
export interface DigestStateTable {
  user_id: string;
  sent_until: number;
}

/** The last month ("2026-10") whose statement totals each person was mailed (migration 025). */
export interface StatementMailStateTable {
  user_id: string;
  sent_month: string;
}

/** A partner webhook endpoint seen failing, and when people were last told. */
export interface WebhookAlertTable {
  environment: string;
  webhook_id: number;
  url: string;
  failing_since: number;
  alerted_at: number;
}

/** Records a server wrote to the local index, for the open pages of the other servers. */
export interface IndexChangeTable {
  id: string;
  environment: string;
  kind: string;
  /** JSON array of record ids; empty: every record of the kind. */
  ids: string;
  /** The server that wrote them (it told its own pages already). */
  origin: string;
  at: number;
}

export interface Database {
  app_user: UserTable;
  app_session: SessionTable;
  api_credential: CredentialTable;
  audit_log: AuditTable;
  approval_policy: ApprovalPolicyTable;
  transaction_origin: TransactionOriginTable;
  approval_request: ApprovalRequestTable;
  approval_nudge: ApprovalNudgeTable;
  approval_link: ApprovalLinkTable;
  absence: AbsenceTable;
  money_limit: MoneyLimitTable;
  limit_total: LimitTotalTable;
  limit_use: LimitUseTable;
  payout_schedule: PayoutScheduleTable;
  schedule_run: ScheduleRunTable;
  approval_decision: ApprovalDecisionTable;
  transaction_recipient: TransactionRecipientTable;
  role_setting: RoleSettingTable;
  password_reset: PasswordResetTable;
  sign_in_failure: SignInFailureTable;
  index_merchant: IndexMerchantTable;
  index_account: IndexAccountTable;
  index_transaction: IndexTransactionTable;
  index_report_volume: IndexReportVolumeTable;
  index_report_status: IndexReportStatusTable;
  index_report_merchant: IndexReportMerchantTable;
  index_search: IndexSearchTable;
  index_sync: IndexSyncTable;
  index_webhook: IndexWebhookTable;
  api_budget: ApiBudgetTable;
  index_owner: IndexOwnerTable;
  saved_view: SavedViewTable;
  transaction_note: TransactionNoteTable;
  merchant_note: MerchantNoteTable;
  uploaded_file: UploadedFileTable;
  sandbox_note: SandboxNoteTable;
  batch: BatchTable;
  batch_row: BatchRowTable;
  batch_decision: BatchDecisionTable;
  notification: NotificationTable;
  outbox: OutboxTable;
  kept_mail: KeptMailTable;
  notification_pref: NotificationPrefTable;
  chat_hook: ChatHookTable;
  person_chat_hook: PersonChatHookTable;
  known_browser: KnownBrowserTable;
  digest_state: DigestStateTable;
  statement_mail_state: StatementMailStateTable;
  webhook_alert: WebhookAlertTable;
  index_change: IndexChangeTable;
  workspace_setting: WorkspaceSettingTable;
  control_change: ControlChangeTable;
  sso_connection: SsoConnectionTable;
  sso_login: SsoLoginTable;
  sso_saml_request: SsoSamlRequestTable;
  sso_saml_session: SsoSamlSessionTable;
  sso_used_assertion: SsoUsedAssertionTable;
  scim_token: ScimTokenTable;
  scim_group: ScimGroupTable;
  scim_group_member: ScimGroupMemberTable;
}

export type { Generated };
