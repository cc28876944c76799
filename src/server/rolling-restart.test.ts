// A rolling restart behind a load balancer (issue 59, docs/decisions/079): two dashboard
// processes on one PostgreSQL, a small round-robin balancer in front that sends requests only to
// servers whose /readyz says so (as a platform's balancer does), and a client polling through it.
// Each server in turn gets SIGTERM, drains, exits and is started again: the client sees no error.
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { dashboardProcess, serverProcessFolders, signInAt } from './testing';

const folders = serverProcessFolders('rolling-');
const GRACE_MS = 1_500;
const PROBE_EVERY_MS = 100;

/** Failed probes in a row before a balancer stops sending to a server (as a platform's do). */
const FAILURE_THRESHOLD = 3;
/** How long one probe may take (a platform's probe timeout: Kubernetes' default is 1 s). */
const PROBE_TIMEOUT_MS = 1_000;

/**
 * A round-robin balancer over `targets`, each asked /readyz as a platform's readiness probe
 * does: one probe at a time per server, the next 100 ms after the last answered or timed out;
 * ready at its first good answer, not ready after FAILURE_THRESHOLD failed ones in a row. A
 * server that stalls for a moment on a busy machine (a freshly started one warming up) is not
 * taken out by probes piling up behind the stall; one that answers 503 while it drains is out
 * within about 300 ms. Each change is kept in `changes` for a failure's message.
 */
function balancer(targets: string[]) {
  const ready = new Map(targets.map((t) => [t, false]));
  const failures = new Map(targets.map((t) => [t, 0]));
  const changes: string[] = [];
  const started = Date.now();
  const judged = (target: string, good: boolean, why: string) => {
    failures.set(target, good ? 0 : failures.get(target)! + 1);
    const now = good || (failures.get(target)! < FAILURE_THRESHOLD && ready.get(target)!);
    if (now !== ready.get(target))
      changes.push(
        `${Date.now() - started} ms ${new URL(target).port} ${now ? 'in' : 'out'} (${why})`,
      );
    ready.set(target, now);
  };
  const agent = new http.Agent({ keepAlive: true });
  let probing = true;
  const probes = targets.map(async (target) => {
    while (probing) {
      await fetch(`${target}/readyz`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) }).then(
        async (r) => (await r.arrayBuffer(), judged(target, r.status === 200, String(r.status))),
        (error: unknown) => judged(target, false, String(error)),
      );
      await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
    }
  });
  let next = 0;
  const server = http.createServer((request, response) => {
    const up = targets.filter((t) => ready.get(t));
    const target = up[next++ % Math.max(1, up.length)];
    if (!target) return void response.writeHead(503).end('no server is ready');
    const url = new URL(request.url ?? '/', target);
    const forwarded = http.request(
      url,
      { method: request.method, headers: { ...request.headers, host: url.host }, agent },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', (error) => response.writeHead(502).end(`balancer: ${error.message}`));
    request.pipe(forwarded);
  });
  return {
    ready,
    changes,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => {
          const address = server.address() as { port: number };
          resolve(`http://127.0.0.1:${address.port}`);
        }),
      ),
    async close() {
      probing = false;
      await Promise.all(probes);
      agent.destroy();
      server.close();
    },
  };
}

let front: ReturnType<typeof balancer> | undefined;
afterAll(async () => front?.close());

describe('a rolling restart behind a balancer', () => {
  it('serves a polling client without an error while each server restarts in turn', async () => {
    const shared = {
      DASHBOARD_SECRET_KEY: randomBytes(32).toString('base64'),
      DRAIN_GRACE_MS: String(GRACE_MS),
    };
    const a = await dashboardProcess(folders, 'postgres', shared);
    const b = await dashboardProcess(folders, 'postgres', shared);
    b.env.DASHBOARD_DATABASE_URL = a.env.DASHBOARD_DATABASE_URL!;
    const processes = new Map([
      [a.base, { spec: a, child: await a.start() }],
      [b.base, { spec: b, child: await b.start() }],
    ]);
    front = balancer([a.base, b.base]);
    const base = await front.listen();
    await expect.poll(() => [...front!.ready.values()].every(Boolean)).toBe(true);
    const { cookie } = await signInAt(a.base, 'viewer@demo.example');

    // The client: one request after another, each answer kept.
    const answers: number[] = [];
    /** What each answer that was not 200 said, for the failure's message. */
    const said: string[] = [];
    let polling = true;
    const client = (async () => {
      while (polling) {
        const answer = await fetch(`${base}/api/session`, { headers: { cookie } }).then(
          async (r) => {
            const text = await r.text();
            const body = (() => {
              try {
                return JSON.parse(text) as { signedIn?: boolean };
              } catch {
                return {};
              }
            })();
            if (r.status === 200 && body.signedIn === true) return 200;
            said.push(`${r.status}: ${text.slice(0, 120)}`);
            return r.status;
          },
          (error: unknown) => (said.push(String(error)), 0),
        );
        answers.push(answer);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();

    for (const target of [a.base, b.base]) {
      const running = processes.get(target)!;
      const exited = new Promise<number | null>((resolve) => running.child.once('exit', resolve));
      const before = answers.length;
      running.child.kill('SIGTERM');
      // Not ready as soon as the signal is handled, while it still serves; the balancer stops
      // sending to it within its threshold of probes, well inside the drain's grace.
      await expect
        .poll(async () => (await fetch(`${target}/readyz`)).status, { interval: 50 })
        .toBe(503);
      expect((await fetch(`${target}/healthz`)).status).toBe(200);
      expect(await exited).toBe(0);
      running.child = await running.spec.start();
      await expect.poll(() => front!.ready.get(target), { timeout: 20_000 }).toBe(true);
      expect(answers.length).toBeGreaterThan(before);
    }
    polling = false;
    await client;
    const errors = answers.filter((status) => status !== 200);
    expect(
      errors,
      `${errors.length} of ${answers.length} answers were not 200: ${said.join(' | ')}; balancer: ${front.changes.join(', ')}`,
    ).toEqual([]);
    expect(answers.length).toBeGreaterThan(50);
  }, 120_000);
});
