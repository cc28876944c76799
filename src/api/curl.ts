// A request as a curl command a partner can run: the address as it is, the credentials as
// environment variables (never written out), a JSON body in single quotes.

/** A shell word in single quotes: safe whatever it holds. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

export interface CurlRequest {
  method: string;
  /** The whole URL, query included. */
  url: string;
  idempotencyKey?: string | null | undefined;
  /** A JSON body as sent. */
  json?: string | null | undefined;
  /** A file sent as the multipart part named `file`. */
  file?: string | undefined;
}

export function curlCommand(request: CurlRequest): string {
  const lines = [
    `curl -X ${request.method} ${shellQuote(request.url)}`,
    `-H "x-api-key: $SANDBOX_API_KEY"`,
    `-H "x-api-secret: $SANDBOX_API_SECRET"`,
  ];
  if (request.idempotencyKey)
    lines.push(`-H ${shellQuote(`Idempotency-Key: ${request.idempotencyKey}`)}`);
  if (request.json != null)
    lines.push(`-H 'content-type: application/json'`, `--data ${shellQuote(request.json)}`);
  if (request.file) lines.push(`-F ${shellQuote(`file=@${request.file}`)}`);
  return lines.join(' \\\n  ');
}
