// Refusals below the routes, on both servers over real sockets: every one is a problem body with
// a code and an x-request-id, and slow senders are cut off.
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxServer } from '#/sandbox/app';
import { createPartner } from '#/sandbox/domain/partners';
import { createStore } from '#/sandbox/store';
import { openDatabase } from '#/sandbox/store/db';
import { FAST_SETTINGS } from '#/sandbox/testing';
import { startTestDashboard } from '#/server/testing';

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from connecting to the end of the answer. */
  took: number;
}

/** Sends raw bytes (optionally trickled) and reads the answer until the server closes or answers. */
function raw(port: number, chunks: (string | Buffer)[], gapMs = 0): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let data = Buffer.alloc(0);
    const timers: NodeJS.Timeout[] = [];
    const finish = () => {
      timers.forEach(clearTimeout);
      const text = data.toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: rest.join('\r\n\r\n'),
        took: Date.now() - started,
      });
      socket.destroy();
    };
    socket.on('data', (chunk) => {
      data = Buffer.concat([data, chunk]);
      const text = data.toString('utf8');
      const end = text.indexOf('\r\n\r\n');
      const length = /content-length: (\d+)/i.exec(text.slice(0, end));
      if (end >= 0 && length && Buffer.byteLength(text.slice(end + 4)) >= Number(length[1]))
        finish();
    });
    socket.on('close', finish);
    socket.on('error', (error) => (data.length ? finish() : reject(error)));
    socket.on('connect', () => {
      chunks.forEach((chunk, i) =>
        timers.push(
          setTimeout(() => {
            if (!socket.destroyed) socket.write(chunk);
          }, i * gapMs),
        ),
      );
    });
  });
}

function expectProblem(response: RawResponse, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const body = JSON.parse(response.body);
  expect(body).toMatchObject({ status, code, requestId: response.headers['x-request-id'] });
  expect(body.detail).toEqual(expect.any(String));
  return body;
}

const store = createStore(openDatabase(':memory:'));
const partner = createPartner(store, 'Demo partner', Date.now());
const limits = { requestTimeoutMs: 1500, headersTimeoutMs: 1000 };
let sandboxPort: number;
let dashboardPort: number;
const closers: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  const sandbox = await createSandboxServer({
    store,
    settings: FAST_SETTINGS,
    rateLimit: 10_000,
    publicUrl: () => 'http://127.0.0.1:4010',
    ...limits,
  });
  await sandbox.listen({ host: '127.0.0.1', port: 0 });
  sandboxPort = (sandbox.server.address() as AddressInfo).port;
  const dashboard = await startTestDashboard(limits);
  dashboardPort = Number(new URL(dashboard.base).port);
  // The dashboard's embedded sandbox has its own partner; raw calls to it use that one.
  embeddedPartner = dashboard.demo;
  closers.push(
    () => sandbox.close(),
    () => dashboard.close(),
  );
});
afterAll(async () => {
  for (const close of closers) await close();
});
let embeddedPartner: { apiKey: string; apiSecret: string };

const auth = (who: { apiKey: string; apiSecret: string } = partner) =>
  `x-api-key: ${who.apiKey}\r\nx-api-secret: ${who.apiSecret}\r\n`;
const servers = [
  ['sandbox alone', () => sandboxPort, '/v1/business/', () => partner],
  ['dashboard server', () => dashboardPort, '/sandbox/v1/business/', () => embeddedPartner],
] as const;

describe.each(servers)('%s', (_name, port, merchants, who) => {
  it('answers a broken percent-encoding with a problem naming the path', async () => {
    const response = await raw(port(), [
      `GET ${merchants}%zz HTTP/1.1\r\nHost: x\r\n${auth(who())}\r\n`,
    ]);
    const body = expectProblem(response, 400, 'VALIDATION_ERROR');
    expect(body.errors).toEqual([{ field: 'path', message: 'is not a valid URL path' }]);
  });

  it('answers raw non-ASCII bytes in the path with a problem', async () => {
    const response = await raw(port(), [
      Buffer.concat([
        Buffer.from(`GET ${merchants}caf`),
        Buffer.from([0xc3, 0xa9]),
        Buffer.from(` HTTP/1.1\r\nHost: x\r\n${auth(who())}\r\n`),
      ]),
    ]);
    expectProblem(response, 400, 'VALIDATION_ERROR');
  });

  it('answers a body over the limit with 413 naming it, read by a Node client', async () => {
    // 2 MB of JSON, sent with its length by Node's fetch: the answer, not a reset connection.
    const response = await fetch(`http://127.0.0.1:${port()}${merchants}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-api-key': who().apiKey,
        'x-api-secret': who().apiSecret,
      },
      body: JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'The body is larger than this operation accepts: at most 1 MB.',
    });
  });

  it('reads a refused body to its end before closing: a client still sending reads the 413', async () => {
    // 3 MB declared and sent in 12 parts over ~0.5 s, after the server has already refused it.
    const part = Buffer.alloc(256 * 1024, 0x20);
    const answer = await new Promise<{ status: number; written: number; failed: string | null }>(
      (resolve) => {
        const socket = net.connect(port(), '127.0.0.1');
        let data = '';
        let written = 0;
        let failed: string | null = null;
        socket.on('data', (chunk) => (data += chunk.toString('latin1')));
        socket.on('error', (error: NodeJS.ErrnoException) => (failed = error.code ?? 'error'));
        socket.on('close', () => resolve({ status: Number(data.split(' ')[1]), written, failed }));
        socket.on('connect', async () => {
          socket.write(
            `POST ${merchants} HTTP/1.1\r\nHost: x\r\n${auth(who())}` +
              `content-type: application/json\r\ncontent-length: ${12 * part.length}\r\n\r\n`,
          );
          for (let i = 0; i < 12 && !socket.destroyed; i++) {
            await new Promise((r) => setTimeout(r, 40));
            if (!socket.write(part)) await new Promise((r) => socket.once('drain', r));
            written++;
          }
          socket.end();
        });
      },
    );
    expect(answer).toEqual({ status: 413, written: 12, failed: null });
  });

  it('answers a method the path does not take with 405 and Allow', async () => {
    const response = await raw(port(), [
      `PATCH ${merchants} HTTP/1.1\r\nHost: x\r\n${auth(who())}\r\n`,
    ]);
    expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
    expect(response.headers.allow).toBe('GET, HEAD, POST');
  });

  it('answers 405 and Allow for a record method sent to its collection (an empty id)', async () => {
    for (const [method, path, allow] of [
      ['PUT', '/v1/business/', 'GET, HEAD, POST'],
      ['DELETE', '/v1/business/', 'GET, HEAD, POST'],
      ['PUT', '/v1/businessExternalAccount/', 'GET, HEAD, POST'],
      ['DELETE', '/v1/webhook/', 'GET, HEAD, POST'],
      ['DELETE', '/v1/sandbox/faults/', 'GET, HEAD, POST'],
      ['GET', '/v1/file/', 'POST'],
    ] as const) {
      // The API's paths below each server's mount point.
      const url = merchants.replace('/v1/business/', path);
      const response = await raw(port(), [
        `${method} ${url} HTTP/1.1\r\nHost: x\r\n${auth(who())}\r\n`,
      ]);
      expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
      expect(response.headers.allow, `${method} ${url}`).toBe(allow);
    }
  });

  it('answers a method HTTP does not know with a problem', async () => {
    const response = await raw(port(), [`BREW ${merchants} HTTP/1.1\r\nHost: x\r\n\r\n`]);
    expectProblem(response, 400, 'VALIDATION_ERROR');
  });

  it('answers a malformed request line with a problem', async () => {
    const response = await raw(port(), ['GET\r\n\r\n']);
    expectProblem(response, 400, 'VALIDATION_ERROR');
  });

  it('cuts off a body sent one byte at a time, with 408', async () => {
    const head = `POST ${merchants} HTTP/1.1\r\nHost: x\r\n${auth(who())}content-type: application/json\r\ncontent-length: 200\r\n\r\n`;
    const trickle = Array.from({ length: 40 }, () => ' ');
    const response = await raw(port(), [head, ...trickle], 250);
    expectProblem(response, 408, 'REQUEST_TIMEOUT');
    expect(response.took).toBeLessThan(8000);
  });

  it('cuts off headers sent one line at a time', async () => {
    const lines = [
      `GET ${merchants} HTTP/1.1\r\n`,
      ...Array.from({ length: 40 }, (_, i) => `x-slow-${i}: 1\r\n`),
    ];
    const response = await raw(port(), lines, 250);
    expect([408, 0]).toContain(response.status);
    expect(response.took).toBeLessThan(8000);
  });
});

describe('dashboard server', () => {
  // Ten megabytes announced, none sent: the answer comes anyway, and the connection closes.
  it.each([
    ['a session', 'x-requested-with: dashboard\r\n', 401, 'UNAUTHORIZED'],
    ['the CSRF header', '', 403, 'CSRF_REJECTED'],
  ])('refuses a proxied call without %s before reading its body', async (_, csrf, status, code) => {
    const response = await raw(dashboardPort, [
      `POST /api/v1/business/ HTTP/1.1\r\nHost: x\r\n${csrf}` +
        'content-type: application/json\r\ncontent-length: 10000000\r\n\r\n',
    ]);
    expectProblem(response, status, code);
    expect(response.headers.connection).toBe('close');
    expect(response.took).toBeLessThan(1000);
  });

  it('answers 405 with Allow on its own routes and on pages', async () => {
    const session = await raw(dashboardPort, [
      'PUT /api/session HTTP/1.1\r\nHost: x\r\nx-requested-with: dashboard\r\ncontent-length: 0\r\n\r\n',
    ]);
    expectProblem(session, 405, 'METHOD_NOT_ALLOWED');
    expect(session.headers.allow).toBe('GET, HEAD, POST, DELETE');
    const page = await raw(dashboardPort, [
      'POST /merchants HTTP/1.1\r\nHost: x\r\ncontent-length: 0\r\n\r\n',
    ]);
    expectProblem(page, 405, 'METHOD_NOT_ALLOWED');
    expect(page.headers.allow).toBe('GET, HEAD');
  });

  it('answers a missing asset with a problem', async () => {
    const response = await raw(dashboardPort, [
      'GET /assets/nothing.js HTTP/1.1\r\nHost: x\r\n\r\n',
    ]);
    expectProblem(response, 404, 'NOT_FOUND');
  });
});
