// A logged request as a curl command to run again: the sandbox's address as it is, the
// credentials as environment variables (the log never holds them).
import type { LoggedRequest } from '#/api/schemas/platform';

/** A shell word in single quotes: safe whatever it holds. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export function curlOf(entry: LoggedRequest, baseUrl: string): string {
  const url = `${baseUrl.replace(/\/+$/, '')}${entry.path}`;
  const lines = [
    `curl -X ${entry.method} ${shellQuote(url)}`,
    `-H "x-api-key: $SANDBOX_API_KEY"`,
    `-H "x-api-secret: $SANDBOX_API_SECRET"`,
  ];
  if (entry.idempotencyKey)
    lines.push(`-H ${shellQuote(`Idempotency-Key: ${entry.idempotencyKey}`)}`);
  if (entry.requestType === 'application/json' && entry.requestBody !== null) {
    lines.push(`-H 'content-type: application/json'`, `--data ${shellQuote(entry.requestBody)}`);
  }
  return lines.join(' \\\n  ');
}
