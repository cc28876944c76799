// The audit trail's actions in words, and the record each one names (docs/decisions/031).
// A call to the API is stored as `METHOD /v1/path/{id}` (stable, what a machine filters on); the
// trail shows the operation's own summary, and links the record the target names.
import { allOperations, type OperationDef } from './operations';
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

/** The record an entry's target names, when its action is about one and the target has its id. */
export function auditRecordOf(action: string, target: string | null): AuditRecord | undefined {
  const batch = /^batch\/([0-9a-f-]{36})$/.exec(target ?? '')?.[1];
  if (batch) return { kind: 'batch', id: batch };
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
