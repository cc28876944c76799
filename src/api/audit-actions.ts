// The audit trail's actions in words, and the record each one names (docs/decisions/031).
// A call to the API is stored as `METHOD /v1/path/{id}` (stable, what a machine filters on); the
// trail shows the operation's own summary, and links the record the target names.
import { ACTION_LABEL } from './controls';
import { allOperations, type OperationDef } from './operations';
import { PRODUCT_NAME } from './products';
import { englishRoles, type Role, ROLES } from './roles';
import { PRODUCTS, type Product } from './schemas/transaction';

/**
 * The record an audited entry names: a merchant, a payout account or a product's transaction
 * (an API call), or a bulk payout file (the dashboard's own, by its id).
 */
export type AuditRecord =
  { kind: 'merchant' | 'account' | Product; id: number } | { kind: 'batch'; id: string };

const OPERATION_OF_ACTION: ReadonlyMap<string, OperationDef> = new Map(
  allOperations.map((op) => [`${op.method} ${op.path}`, op]),
);

/** An operation's summary up to its first colon or semicolon: what was done, not how. */
function wordsOf(op: OperationDef): string {
  return op.summary.split(/[:;]/)[0]!.trim();
}

/** How the trail shows an action: an API call by its summary, a dashboard action capitalised. */
export function auditActionWords(action: string): string {
  const op = OPERATION_OF_ACTION.get(action);
  if (op) return wordsOf(op);
  return action.charAt(0).toUpperCase() + action.slice(1);
}

/** Whether the action is a call to the API (then the stored form is worth showing too). */
export function isApiAction(action: string): boolean {
  return OPERATION_OF_ACTION.has(action);
}

/** The record a dashboard action's target names: `businessExternalAccount/7`, `sendc2f/12`. */
function dashboardRecordOf(target: string): AuditRecord | undefined {
  const [, first, digits] = /^(\w+)\/(\d{1,15})$/.exec(target) ?? [];
  if (!first || !digits) return undefined;
  const id = Number(digits);
  if (first === 'business') return { kind: 'merchant', id };
  if (first === 'businessExternalAccount') return { kind: 'account', id };
  const product = PRODUCTS.find((p) => p === first);
  return product ? { kind: product, id } : undefined;
}

/** The record an entry's target names, when its action is about one and the target has its id. */
export function auditRecordOf(action: string, target: string | null): AuditRecord | undefined {
  const batch = /^batch\/([0-9a-f-]{36})$/.exec(target ?? '')?.[1];
  if (batch) return { kind: 'batch', id: batch };
  if (target && !OPERATION_OF_ACTION.has(action)) return dashboardRecordOf(target);
  const op = OPERATION_OF_ACTION.get(action);
  if (!op || !target) return undefined;
  const id = /(?:^|\/)(\d+)\/?$/.exec(target)?.[1];
  if (!id || !Number.isSafeInteger(Number(id))) return undefined;
  const [, , first] = op.path.split('/');
  if (first === 'business') return { kind: 'merchant', id: Number(id) };
  if (first === 'businessExternalAccount') return { kind: 'account', id: Number(id) };
  const product = PRODUCTS.find((p) => p === first);
  if (product && !op.path.includes('/confirmation/')) return { kind: product, id: Number(id) };
  return undefined;
}

/**
 * The stored actions (API calls) whose words hold every word of a filter, so that "approve
 * quote" finds `POST /v1/sendc2f/approveQuote/{id}` as well as the text itself would.
 */
export function apiActionsMatching(filter: string): string[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return [...OPERATION_OF_ACTION.entries()]
    .filter(([action, op]) => {
      const text = `${action} ${op.summary} ${op.id}`.toLowerCase();
      return words.every((word) => text.includes(word));
    })
    .map(([action]) => action);
}

const ROLE_CODES = new Set<string>(ROLES);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An HTTP status an entry records, with what it meant. */
function statusWords(status: number): string {
  if (status === 202) return '202 (waits for a second person)';
  if (status >= 200 && status < 300) return `${status} (done)`;
  if (status >= 400 && status < 500) return `${status} (refused)`;
  if (status >= 500) return `${status} (failed)`;
  return String(status);
}

/**
 * A detail of an entry in words (the trail's Details column; the CSV keeps the stored values
 * for machines): roles, decisions and products by their names, "any" for `*`, an HTTP status with
 * what it meant, an id by its first characters.
 */
/**
 * A detail that is a moment in epoch milliseconds ("from: 1790812800000"): a field named for a
 * time, holding a number of thirteen digits.
 */
const isMoment = (field: string, value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  value >= 1e12 &&
  value < 1e13 &&
  /^(from|to|at|until|since)$|(time|date|at|until|since|expires)$/i.test(field);

export function auditDetailWords(
  field: string,
  value: unknown,
  /** How a moment is written for the reader (their zone and locale); ISO 8601 in UTC else. */
  time: (ms: number) => string = (ms) => new Date(ms).toISOString(),
): string {
  if (value === null || value === undefined) return '—';
  if (isMoment(field, value)) return time(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' && ROLE_CODES.has(v)))
    return value.length > 0 ? englishRoles(value as Role[]) : 'no role';
  if (typeof value === 'number' && /status|applied/i.test(field)) return statusWords(value);
  if (typeof value !== 'string') return JSON.stringify(value);
  if (value === '*') return field === 'product' ? 'any product' : 'any';
  if (value in ACTION_LABEL) return ACTION_LABEL[value as keyof typeof ACTION_LABEL];
  if ((PRODUCTS as readonly string[]).includes(value))
    return PRODUCT_NAME[value as Product].message;
  if (UUID.test(value)) return `${value.slice(0, 8)}…`;
  const record = dashboardRecordOf(value);
  if (record && record.kind !== 'batch')
    return record.kind === 'merchant'
      ? `Merchant #${record.id}`
      : record.kind === 'account'
        ? `Payout account #${record.id}`
        : `${PRODUCT_NAME[record.kind].message} #${record.id}`;
  return value;
}
