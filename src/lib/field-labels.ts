// The words people read for the API's field names. A field error is shown under its field in the
// form's own words; one that reaches an alert (no field on screen holds it) is named from here,
// never by its wire name (docs/decisions/019), in the page's language (decision 091). This file
// holds the signed-out pages' fields; the signed-in dashboard adds the rest
// (./dashboard-field-labels.ts) when it loads.
import { tr } from '#/i18n/current';
import { english, type Words } from '#/i18n/words';

const LABELS = new Map<string, Words>(
  Object.entries({
    email: /*i18n*/ { id: 'field.email', message: 'Email' },
    password: /*i18n*/ { id: 'field.password', message: 'Password' },
    current: /*i18n*/ { id: 'field.current', message: 'Current password' },
    next: /*i18n*/ { id: 'field.next', message: 'New password' },
    code: /*i18n*/ { id: 'field.code', message: 'Code' },
  }),
);
const SCENARIO_LABELS = new Map<string, Words>();

/** More fields' words: the signed-in dashboard's, and a scenario file's own (decision 024). */
export function addFieldLabels(labels: Record<string, Words>, scenario: Record<string, Words>) {
  for (const [name, words] of Object.entries(labels)) LABELS.set(name, words);
  for (const [name, words] of Object.entries(scenario)) SCENARIO_LABELS.set(name, words);
}

const SCENARIO_ROW = /*i18n*/ {
  id: 'scenario.row',
  message:
    '{kind, select, merchants {Merchant {n} of the file} payoutAccounts {Payout account {n} of the file} other {Transaction {n} of the file}}',
};
const SCENARIO_STEP = /*i18n*/ { id: 'scenario.step', message: '{row}: step {n}' };
const SCENARIO_FIELD = /*i18n*/ { id: 'scenario.field', message: '{row}: {field}' };
const SCENARIO_VERSION = /*i18n*/ { id: 'scenario.version', message: 'Scenario format version' };
const SCENARIO_OWN = /*i18n*/ { id: 'scenario.own', message: 'Scenario: {field}' };
const SCENARIO_LISTS = new Set(['merchants', 'payoutAccounts', 'transactions']);

/**
 * A field of a scenario file: "scenario.merchants.2.name" → "Merchant 3 of the file: Name",
 * "scenario.transactions.0.steps.1" → "Transaction 1 of the file: step 2".
 */
function scenarioFieldLabel(path: string[]): string {
  const [list, index, ...rest] = path;
  if (!list || !SCENARIO_LISTS.has(list) || index === undefined || !/^\d+$/.test(index))
    return list === 'scenario'
      ? tr(SCENARIO_VERSION)
      : tr(SCENARIO_OWN, { field: fieldLabel(path.join('.')) });
  const row = tr(SCENARIO_ROW, { kind: list, n: Number(index) + 1 });
  if (rest.length === 0) return row;
  if (rest[0] === 'steps' && rest[1] !== undefined)
    return tr(SCENARIO_STEP, { row, n: Number(rest[1]) + 1 });
  const own = SCENARIO_LABELS.get(rest[0]!);
  return tr(SCENARIO_FIELD, { row, field: own ? tr(own) : fieldLabel(rest.join('.')) });
}

/** "toAmount" → "Payout amount"; an unknown name in words ("someField" → "Some field"). */
export function fieldLabel(field: string): string {
  const path = field.split('.');
  if (path[0] === 'scenario' && path.length > 1) return scenarioFieldLabel(path.slice(1));
  return labelOf(path[0] ?? field, tr);
}

/** A field's label in English: for what stays English (the audit trail's entries). */
export const englishFieldLabel = (field: string): string =>
  labelOf(field.split('.')[0] ?? field, english);

function labelOf(name: string, say: (words: Words) => string): string {
  const known = LABELS.get(name);
  if (known) return say(known);
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : name;
}
