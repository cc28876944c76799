// What a proxied write changed, for the audit trail: each field the body sets with its value
// where the value is business data (amounts, currencies, statuses, ids, dates, reasons), and
// masked where it is personal data or a secret (names, emails, phones, addresses, account numbers:
// the last four characters at most), so that the trail answers "who set what" without becoming
// a second copy of the partner's customer records (docs/decisions/017).

/** Field names whose values the trail keeps as they are. */
const KEPT =
  /(?:^|[a-z])(?:Id|Ids|id|ids|Amount|amount|CurrencySymbol|currencySymbol|Status|status|Date|Time|Reason|reason|Type|type)$|^(?:countryIso|industry|purpose|product|url|fileName|contentType|swiftCode|limit|rate|preset)$/;
const HIDDEN = /secret|password|token/i;
const MAX_DEPTH = 3;
const MAX_TEXT = 200;

function mask(value: string): string {
  return value.length >= 8 ? `…${value.slice(-4)}` : '•••';
}

function visit(
  value: unknown,
  key: string,
  path: string,
  out: Record<string, unknown>,
  depth: number,
) {
  if (HIDDEN.test(key)) {
    out[path] = '•••';
  } else if (value && typeof value === 'object' && !Array.isArray(value) && depth < MAX_DEPTH) {
    for (const [k, v] of Object.entries(value))
      visit(v, k, path ? `${path}.${k}` : k, out, depth + 1);
  } else if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    out[path] = value;
  } else if (typeof value === 'string') {
    out[path] = KEPT.test(key) ? value.slice(0, MAX_TEXT) : mask(value);
  } else if (Array.isArray(value) && KEPT.test(key)) {
    out[path] = value.slice(0, 20);
  } else {
    out[path] = '•••';
  }
}

/** The fields a JSON body sets, with values kept or masked; undefined for no or non-JSON body. */
export function changesOf(body: Buffer | undefined): Record<string, unknown> | undefined {
  if (!body || body.length === 0) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const out: Record<string, unknown> = {};
  visit(parsed, '', '', out, 0);
  return out;
}
