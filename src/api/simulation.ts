// The sandbox's status simulation, as the contract states it: a merchant's `localRegNumber` or a
// payout account's `accountNumber` ending in `|STATUS` sets the record's status directly. Read
// here once for the sandbox (which applies it), the dashboard server (which lets testers send it
// and checks that it changes nothing else) and the SPA (which writes it from a form).

/** The field of each operation whose value may carry the suffix. */
export const SIMULATION_FIELD: Readonly<Record<string, string>> = {
  createMerchant: 'localRegNumber',
  updateMerchant: 'localRegNumber',
  createPayoutAccount: 'accountNumber',
  updatePayoutAccount: 'accountNumber',
};

/**
 * A value split at its last `|`: what comes before (trimmed) and the suffix (trimmed), or
 * undefined when it has none. `"123| VALID"` is `{ value: "123", suffix: "VALID" }`.
 */
export function splitSuffix(value: string): { value: string; suffix: string } | undefined {
  const bar = value.lastIndexOf('|');
  if (bar === -1) return undefined;
  return { value: value.slice(0, bar).trim(), suffix: value.slice(bar + 1).trim() };
}

/**
 * The values the sandbox takes in such a field, as a JSON Schema pattern: no `|`, or a last `|`
 * followed by exactly one of `statuses` (spaces around it allowed).
 */
export function suffixPattern(statuses: readonly string[]): string {
  return `^(?:[^|]*|[\\s\\S]*\\|\\s*(?:${statuses.join('|')})\\s*)$`;
}

/** A value with the suffix asking for `status`; an empty value keeps the stored one. */
export function withStatusSuffix(value: string | null | undefined, status: string): string {
  return `${value ?? ''}|${status}`;
}

/** Whether an operation's body asks for a status simulation. */
export function isSimulation(operationId: string, body: Record<string, unknown> | null): boolean {
  const field = SIMULATION_FIELD[operationId];
  const value = field && body ? body[field] : undefined;
  return typeof value === 'string' && splitSuffix(value) !== undefined;
}
