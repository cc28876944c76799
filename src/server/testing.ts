// Test support: a dashboard server on loopback with the embedded sandbox (a demo partner and
// another partner), its own database on the dialect asked for, and the demo workspace's people.
import type { Role } from '#/api/roles';
import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, expect, inject } from 'vitest';
import { freePort } from '#/http/free-port';
import { createDatabase } from './store/postgres-cluster';
import { createParties, type Parties, transactionBody } from '#/sandbox/testing';
import { CSRF_HEADER } from '#/api/endpoints';
import { batchCsv } from '#/api/testing';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createPartner } from '#/sandbox/domain/partners';
import { createStore, type Store } from '#/sandbox/store';
import { openDatabase } from '#/sandbox/store/db';
import { FAST_SETTINGS } from '#/sandbox/testing';
import { buildDashboardServer, type DashboardOptions } from './app';
import type { DashboardDb, DialectName } from './store/db';
import { freshDashboardDb } from './store/testing';
import { createVault } from './store/vault';
import { sessionCookieOf } from './session-cookie';

export { sessionCookieOf, sessionSetCookieOf } from './session-cookie';

export const CSRF = { [CSRF_HEADER.name]: CSRF_HEADER.value };
export const JSON_CSRF = { ...CSRF, 'content-type': 'application/json' };

export function testDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-dist-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><body>SPA</body></html>',
  );
  return dist;
}

export interface TestDashboard {
  base: string;
  server: Awaited<ReturnType<typeof buildDashboardServer>>;
  sandbox: Store;
  db: DashboardDb;
  demo: ReturnType<typeof createPartner>;
  other: ReturnType<typeof createPartner>;
  /** The key sealing the workspace's secrets. */
  key: Buffer;
  /** Signs in (a demo person's email, or any sign-in body); the cookie to send. */
  signIn(
    who: string | object,
    headers?: Record<string, string>,
  ): Promise<{ response: Response; cookie: string }>;
  /** Signs in these people of the demo workspace (`finance`: finance@demo.example), in turn. */
  demoCookies<N extends DemoPerson>(...names: N[]): Promise<Record<N, string>>;
  /** One call of the dashboard's API as the person whose cookie is given (see `callApi`). */
  call(cookie: string, method: string, path: string, body?: unknown): ReturnType<typeof callApi>;
  /** The demo merchant and its accounts, made through the dashboard by `cookie`. */
  parties(cookie: string): Promise<Parties>;
  close(): Promise<void>;
}

/** The people of the demo workspace (server/demo-workspace.ts), by their email's local part. */
export type DemoPerson =
  | 'admin'
  | 'onboarding'
  | 'finance'
  | 'approver'
  | 'approver2'
  | 'viewer'
  | 'tester'
  | 'operations';

export async function startTestDashboard(
  options: Partial<DashboardOptions> & {
    dialect?: DialectName;
    db?: DashboardDb;
    key?: Buffer;
    /** A second server of the same deployment: its sandbox, database and key. */
    alongside?: TestDashboard;
    /** The embedded sandbox's requests a second per partner (10,000 unless said). */
    sandboxRateLimit?: number;
  } = {},
): Promise<TestDashboard> {
  const distDir = testDist();
  const { alongside } = options;
  const sandbox = alongside?.sandbox ?? createStore(openDatabase(':memory:'));
  const demo = alongside?.demo ?? createPartner(sandbox, 'Demo partner', Date.now());
  const other = alongside?.other ?? createPartner(sandbox, 'Other partner', Date.now());
  const db = alongside?.db ?? options.db ?? (await freshDashboardDb(options.dialect ?? 'sqlite'));
  const key = alongside?.key ?? options.key ?? randomBytes(32);
  const server = await buildDashboardServer({
    distDir,
    embedded: {
      store: sandbox,
      settings: FAST_SETTINGS,
      rateLimit: options.sandboxRateLimit ?? 10_000,
      demo,
    },
    workspace: { db, vault: createVault(key) },
    demoWorkspace: true,
    ...options,
  });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  return {
    base,
    server,
    sandbox,
    db,
    demo,
    other,
    key,
    signIn: (who, headers) => signInAt(base, who, headers),
    async demoCookies(...names) {
      const cookies = {} as Record<(typeof names)[number], string>;
      for (const name of names)
        cookies[name] = (await signInAt(base, `${name}@demo.example`)).cookie;
      return cookies;
    },
    call: (cookie, method, path, body) => callApi(base, cookie, method, path, body),
    parties: (cookie) => partiesThrough(base, cookie),
    async close() {
      await server.app.close();
      if (!options.db && !alongside) await db.close();
      fs.rmSync(distDir, { recursive: true, force: true });
    },
  };
}

/** A call straight to the embedded sandbox's API, as the partner's own systems make them. */
export async function callSandboxDirectly(
  t: TestDashboard,
  method: string,
  path: string,
  body?: object,
) {
  const response = await fetch(`${t.base}/sandbox${path}`, {
    method,
    headers: {
      'x-api-key': t.demo.apiKey,
      'x-api-secret': t.demo.apiSecret,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/**
 * A transaction created through the dashboard by `cookie` (`over` changing fields of the body),
 * its id; with `quoted`, once the sandbox has priced it. With `direct`, created straight at the
 * sandbox instead, as the partner's own systems would: the dashboard records nothing of it.
 */
export async function createdTransaction(
  t: TestDashboard,
  cookie: string,
  parties: Parties,
  product: 'sendc2f' | 'sendf2f' | 'receive',
  options: {
    over?: Record<string, unknown>;
    currency?: 'EUR' | 'GBP';
    quoted?: boolean;
    direct?: boolean;
  } = {},
): Promise<number> {
  const body = transactionBody(parties, product, options.over, options.currency);
  const path = `/v1/${product}/`;
  const created = options.direct
    ? await callSandboxDirectly(t, 'POST', path, body)
    : await t.call(cookie, 'POST', path, body);
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const id = created.json.businessRequestId as number;
  if (options.quoted)
    await expect
      .poll(async () => (await t.call(cookie, 'GET', `/v1/${product}/${id}`)).json.clientStatus)
      .toMatch(/AWAITING_QUOTE_APPROVAL$/);
  return id;
}

/** Signs in at a dashboard server (a demo person's email, or any sign-in body); the cookie. */
export async function signInAt(base: string, who: string | object, headers = {}) {
  const response = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { ...JSON_CSRF, ...headers },
    body: JSON.stringify(typeof who === 'string' ? { demoUser: who } : who),
  });
  return { response, cookie: sessionCookieOf(response) };
}

/**
 * Where a single sign-on's last step sends the browser: a refusal's redirect, or the page that
 * goes on into the dashboard once signed in; and the session cookie it set, if any.
 */
/** A form posted as a browser would from another site (an identity provider's page). */
export const postForm = (url: string, fields: Record<string, string>) =>
  fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

export async function ssoLanding(response: Response) {
  const session = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => /^(__Host-)?session=/.test(c));
  const onward =
    response.status === 200
      ? /http-equiv="refresh" content="0;url=([^"]+)"/.exec(await response.text())?.[1]
      : undefined;
  return {
    status: response.status,
    location: onward ?? response.headers.get('location'),
    session,
  };
}

/** A GET's answer as it travelled: status, headers and raw bytes (fetch would decode them). */
export function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

/** One call of the dashboard's API under /api as a signed-in person, its JSON answer parsed. */
export async function callApi(
  base: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: ReturnType<typeof JSON.parse> }> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { cookie, ...(method === 'GET' ? {} : body === undefined ? CSRF : JSON_CSRF) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

/**
 * A file uploaded as a bulk payout batch (docs/decisions/033): its text, or the rows of a CSV
 * file under the usual header. The JSON answer parsed, and the batch's id when one was made.
 */
export async function uploadBatchFile(
  base: string,
  cookie: string,
  file: string | string[],
  { product = 'sendc2f', fileName = 'march.csv', type = 'text/csv' } = {},
): Promise<{ status: number; json: ReturnType<typeof JSON.parse>; id: string }> {
  const response = await fetch(
    `${base}/api/batches?product=${product}&fileName=${encodeURIComponent(fileName)}`,
    {
      method: 'POST',
      headers: { cookie, ...CSRF, 'content-type': type },
      body: typeof file === 'string' ? file : batchCsv(file),
    },
  );
  const json = await response.json();
  return { status: response.status, json, id: json?.id };
}

/**
 * Asks for a batch's quote and waits until the quoter is done with it (docs/decisions/055): the
 * batch as it ends (quoted, or back with its problem), or the refusal of the request.
 */
export async function quoteBatch(base: string, cookie: string, id: string) {
  const asked = await callApi(base, cookie, 'POST', `/batches/${id}/quote`);
  if (asked.status !== 200) return asked;
  for (let i = 0; i < 1200; i++) {
    const batch = await callApi(base, cookie, 'GET', `/batches/${id}`);
    if (batch.json.status !== 'quoting') return batch;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`batch ${id} was still being quoted after a minute`);
}

/** A VALID merchant with ACTIVE payout accounts (`createParties`), made through the proxy. */
export function partiesThrough(base: string, cookie: string): Promise<Parties> {
  return createParties({
    request: async (o: { method: string; url: string; payload?: object }) => {
      const answer = await callApi(base, cookie, o.method, o.url, o.payload);
      return { json: () => answer.json, statusCode: answer.status };
    },
  } as never);
}

/**
 * For a test file that runs the server in processes of its own: a data folder, a stand-in build
 * and the list of processes started, all removed (the processes killed) after the file.
 */
export function serverProcessFolders(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const distDir = testDist();
  const running: ChildProcess[] = [];
  afterAll(() => {
    for (const child of running) child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(distDir, { recursive: true, force: true });
  });
  return { dataDir, distDir, running };
}

/**
 * The environment of a server process started by a test: this process's own, its data folder,
 * port and stand-in build, quiet, with no sandbox seed unless `extra` says otherwise.
 */
export function processEnv(
  where: { dataDir: string; port: number; distDir: string },
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...(process.env as Record<string, string>),
    DATA_DIR: where.dataDir,
    PORT: String(where.port),
    HOST: '127.0.0.1',
    DIST_DIR: where.distDir,
    LOG_LEVEL: 'silent',
    SANDBOX_SEED: 'none',
    ...extra,
  };
}

/**
 * A dashboard process that a test may kill and start again, in `folders`: a data folder of its
 * own, a free port, its environment (`extra` added; on PostgreSQL a database of its own in the
 * test cluster), the base URL and `start()`.
 */
export async function dashboardProcess(
  folders: ReturnType<typeof serverProcessFolders>,
  dialect: DialectName,
  extra: Record<string, string>,
) {
  const dataDir = fs.mkdtempSync(path.join(folders.dataDir, `${dialect}-`));
  const port = await freePort();
  const env = processEnv({ dataDir, port, distDir: folders.distDir }, extra);
  if (dialect === 'postgres')
    env.DASHBOARD_DATABASE_URL = await createDatabase(
      inject('postgresUrl'),
      `process_${randomUUID().replace(/-/g, '')}`,
    );
  const base = `http://127.0.0.1:${port}`;
  return { dataDir, env, base, start: () => startDashboardProcess(env, port, folders.running) };
}

/**
 * The dashboard server as `npm start` runs it, in a process of its own (for the tests that kill
 * it, load it or read its start line): started with `env`, answered once it serves on `port`;
 * `running` keeps it for cleanup; `output()` is what it printed so far.
 */
export async function startDashboardProcess(
  env: Record<string, string | undefined>,
  port: number,
  running: ChildProcess[],
): Promise<ChildProcess & { output(): string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: path.resolve(__dirname, '../..'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.push(child);
  let printed = '';
  child.stdout!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  const started = Object.assign(child, { output: () => printed });
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`http://127.0.0.1:${port}/api/session`).then(
      (r) => r.status < 500,
      () => false,
    );
    if (up) return started;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not start');
}

/** The events of a live stream, as they come. */
export async function openEventStream(base: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  if (!/^text\/event-stream/.test(response.headers.get('content-type') ?? ''))
    throw new Error(`not a stream: ${response.status}`);
  const events: { event: string; data: Record<string, unknown> }[] = [];
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ended = false;
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return void (ended = true);
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) events.push({ event, data: JSON.parse(data) });
        }
      }
    } catch {
      // aborted
    }
  })();
  return { events, ended: () => ended, close: () => controller.abort() };
}

/**
 * A person added with an authenticator app enrolled: its secret (to make codes), the password,
 * the recovery codes and the cookie of the session that enrolled it.
 */
export async function personWithAuthenticator(
  t: TestDashboard,
  person: { email: string; name: string; roles: Role[] },
) {
  const { TOTP } = await import('otpauth');
  const { password } = await t.server.workspace.createUser(person);
  const cookie = (await t.signIn({ email: person.email, password })).cookie;
  const post = (path: string, body?: object) =>
    fetch(`${t.base}/api${path}`, {
      method: 'POST',
      headers: { cookie, ...(body ? JSON_CSRF : CSRF) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  const secret = (await (await post('/account/totp')).json()).secret as string;
  const confirmed = await post('/account/totp/confirm', {
    code: new TOTP({ secret }).generate(),
  });
  const recoveryCodes = (await confirmed.json()).recoveryCodes as string[];
  return { secret, password, recoveryCodes, cookie };
}
