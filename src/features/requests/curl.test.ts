import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { LoggedRequest } from '#/api/schemas/platform';
import { shellQuote } from '#/api/curl';
import { curlOf } from './curl';

const entry: LoggedRequest = {
  id: 1,
  time: 1,
  method: 'POST',
  path: '/v1/business/',
  operationId: 'createMerchant',
  status: 400,
  durationMs: 1,
  requestId: 'r-1',
  idempotencyKey: "key-'1'",
  source: 'test',
  objectType: null,
  objectId: null,
  requestType: 'application/json',
  requestBody: `{"name":"O'Brien & Sons $HOME \`x\`"}`,
  responseBody: '{}',
};

describe('copy as curl', () => {
  it('names the credentials as variables, never their values', () => {
    const curl = curlOf(entry, 'http://127.0.0.1:8080/sandbox/');
    expect(curl).toContain("curl -X POST 'http://127.0.0.1:8080/sandbox/v1/business/'");
    expect(curl).toContain('-H "x-api-key: $SANDBOX_API_KEY"');
    expect(curl).toContain('-H "x-api-secret: $SANDBOX_API_SECRET"');
    expect(curl).toContain('content-type: application/json');
  });

  it('quotes what it sends so that the shell passes it on as it is', () => {
    const echoed = execFileSync('sh', ['-c', `printf %s ${shellQuote(entry.requestBody!)}`], {
      env: { HOME: '/nowhere' },
    }).toString();
    expect(echoed).toBe(entry.requestBody);
  });

  it('sends no body for a read', () => {
    const curl = curlOf(
      { ...entry, method: 'GET', requestType: null, requestBody: null, idempotencyKey: null },
      'http://x',
    );
    expect(curl).not.toContain('--data');
    expect(curl).not.toContain('Idempotency-Key');
  });
});
