// A logged request as a curl command to run again: the sandbox's address as it is, the
// credentials as environment variables (the log never holds them).
import { curlCommand } from '#/api/curl';
import type { LoggedRequest } from '#/api/schemas/platform';

export function curlOf(entry: LoggedRequest, baseUrl: string): string {
  return curlCommand({
    method: entry.method,
    url: `${baseUrl.replace(/\/+$/, '')}${entry.path}`,
    idempotencyKey: entry.idempotencyKey,
    json: entry.requestType === 'application/json' ? entry.requestBody : null,
  });
}
