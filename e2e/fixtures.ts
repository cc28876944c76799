// Test fixtures: every journey gets a fresh dashboard server with its own data folder and short
// sandbox delays (journeys that only read may share one per worker); a console error fails the
// test; `checkA11y` runs axe on the page.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { test as base, expect, type Page } from '@playwright/test';
import { bootSandbox } from '../src/sandbox/boot';
import { databaseFile, SandboxEnv, settingsFrom } from '../src/sandbox/env';
import { openDatabase } from '../src/sandbox/store/db';
import { randomBytes } from 'node:crypto';
import { buildDashboardServer } from '../src/server/app';
import { openDashboardDb } from '../src/server/store/db';
import { notificationStore } from '../src/server/notifications/store';
import { createVault } from '../src/server/store/vault';
import { createTestSandbox } from '../src/sandbox/testing';
import type { WorkspaceStore } from '../src/server/store/workspace';
import { DEMO_PEOPLE } from '../src/server/demo-workspace';
import { type Received, smtpServer } from '../src/server/notifications/testing-smtp';

export interface Dashboard {
  url: string;
  /** With `test.use({ liveEnvironment: true })`: the live environment's partner (a second sandbox). */
  live?: { apiKey: string; apiSecret: string };
  /** Takes the live environment's API down: an outage, as the dashboard server meets it. */
  stopLive?: () => Promise<void>;
  dataDir: string;
  demo: { apiKey: string; apiSecret: string };
  store: ReturnType<typeof bootSandbox>['store'];
  /** The team workspace: people, stored credentials. */
  workspace: WorkspaceStore;
  /** The mail the dashboard kept (no SMTP server here), newest first. */
  keptMail: () => Promise<{ to: string; subject: string; text: string }[]>;
  /** With `test.use({ smtp: true })`: what the test's SMTP server received, oldest first. */
  received?: Received[];
}

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

const DASHBOARD_DB = 'dashboard.db';

/**
 * A folder with the sandbox's and the dashboard's databases, every migration in and nothing else:
 * each journey's data folder starts as a copy, instead of running some 55 migrations again (about
 * 150 ms of a busy core per journey). What the servers seed at start they still seed on their own
 * start, with the journey's time (decision 093).
 */
async function migratedDatabases(): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-migrated-'));
  openDatabase(databaseFile({ DATA_DIR: folder })).close();
  await (await openDashboardDb({ file: path.join(folder, DASHBOARD_DB) })).close();
  return folder;
}

/**
 * A dashboard server with its own data folder (a copy of `migrated`) and short sandbox delays, and
 * how to stop it and remove its data.
 */
async function startDashboard({
  liveEnvironment,
  smtp,
  migrated,
}: {
  liveEnvironment: boolean;
  smtp: boolean;
  migrated: string;
}): Promise<{ dashboard: Dashboard; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
  fs.cpSync(migrated, dataDir, { recursive: true });
  const env = SandboxEnv.parse({
    DATA_DIR: dataDir,
    SANDBOX_KYC_REVIEW_DELAY_MS: '1500',
    SANDBOX_QUOTE_DELAY_MS: '1000',
    SANDBOX_SETTLEMENT_DELAY_MS: '2000',
    SANDBOX_RATE_LIMIT: '10000',
  });
  const settings = settingsFrom(env);
  const booted = bootSandbox(env, settings);
  const db = await openDashboardDb({ file: path.join(dataDir, DASHBOARD_DB) });
  const live = liveEnvironment ? await createTestSandbox({ rateLimit: 10_000 }) : undefined;
  if (live) await live.app.listen({ host: '127.0.0.1', port: 0 });
  const mailServer = smtp ? await smtpServer() : undefined;
  const { app, workspace } = await buildDashboardServer({
    ...(live
      ? { liveBaseUrl: `http://127.0.0.1:${(live.app.server.address() as AddressInfo).port}` }
      : {}),
    distDir: path.resolve('dist'),
    // Two browsers and two servers share two cores: a cold first drawing can pass 1.5 s.
    drawBudgetMs: 10_000,
    workspace: { db, vault: createVault(randomBytes(32)) },
    demoWorkspace: true,
    indexSync: { intervalMs: 2_000 },
    ...(mailServer ? { mail: { smtpUrl: mailServer.url, intervalMs: 500 } } : {}),
    embedded: {
      store: booted.store,
      settings,
      rateLimit: env.SANDBOX_RATE_LIMIT,
      demo: booted.demo,
    },
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  // Without the demo, an admin would store the sandbox's credentials; this one already did.
  if (live) await workspace.setCredentials('sandbox', booted.demo, null);
  const dashboard: Dashboard = {
    url,
    dataDir,
    demo: booted.demo,
    store: booted.store,
    workspace,
    keptMail: () => notificationStore(db).keptMail(50),
    ...(mailServer ? { received: mailServer.received } : {}),
    ...(live ? { live: live.alice, stopLive: () => live.close() } : {}),
  };
  const close = async () => {
    await app.close();
    await live?.close().catch(() => undefined);
    await mailServer?.close();
    await db.close();
    booted.store.db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { dashboard, close };
}

type Started = Awaited<ReturnType<typeof startDashboard>>;

export const test = base.extend<
  {
    dashboard: Dashboard;
    liveEnvironment: boolean;
    smtp: boolean;
    signedInAs: string | undefined;
    shareDashboard: boolean;
  },
  { sharedDashboard: () => Promise<Dashboard>; migrated: string }
>({
  /**
   * Also a live environment (LIVE_API_BASE_URL: another sandbox standing in for it). As in
   * production, there is then no demo workspace: people sign in with email and password.
   */
  liveEnvironment: [false, { option: true }],
  /** Mail goes to an SMTP server of the test's (`dashboard.received`), not into the database. */
  smtp: [false, { option: true }],
  /** With `test.use({ signedInAs: name })`: each journey starts signed in as that person, on no page yet. */
  signedInAs: [undefined, { option: true }],
  /**
   * With `test.use({ shareDashboard: true })`: journeys that only read (the route walk) share one
   * dashboard per worker instead of each booting its own.
   */
  shareDashboard: [false, { option: true }],
  /** The worker's migrated databases, which each journey's data folder starts from. */
  migrated: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const folder = await migratedDatabases();
      await use(folder);
      fs.rmSync(folder, { recursive: true, force: true });
    },
    { scope: 'worker' },
  ],
  sharedDashboard: [
    async ({ migrated }, use) => {
      let started: Promise<Started> | undefined;
      await use(
        async () =>
          (await (started ??= startDashboard({ liveEnvironment: false, smtp: false, migrated })))
            .dashboard,
      );
      if (started) await (await started).close();
    },
    { scope: 'worker' },
  ],
  dashboard: async ({ liveEnvironment, smtp, shareDashboard, sharedDashboard, migrated }, use) => {
    if (shareDashboard && !liveEnvironment && !smtp) return use(await sharedDashboard());
    const { dashboard, close } = await startDashboard({ liveEnvironment, smtp, migrated });
    await use(dashboard);
    await close();
  },
  baseURL: async ({ dashboard }, use) => use(dashboard.url),
  // A console error or an uncaught exception fails the test.
  page: async ({ page, signedInAs }, use) => {
    const errors: string[] = [];
    // A CSP violation is an error too, even one the page recovers from.
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) =>
        console.error(
          `CSP violation: ${event.violatedDirective} ${event.sourceFile}:${event.lineNumber}`,
        ),
      );
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(String(error)));
    // A page the server drew shows before React listens on it (docs/decisions/059): a journey's
    // first step waits until the app has taken it over, as a person's first click lands after
    // the page has loaded.
    for (const name of ['goto', 'reload'] as const) {
      const navigate = page[name].bind(page) as (...args: unknown[]) => Promise<unknown>;
      (page as unknown as Record<string, unknown>)[name] = async (...args: unknown[]) => {
        const response = await navigate(...args);
        // A step that asks for the page as soon as it arrives takes it as it is.
        const options = args.find((a) => typeof a === 'object' && a !== null) as
          { waitUntil?: string } | undefined;
        if (options?.waitUntil !== 'commit') await untilAppListens(page);
        return response;
      };
    }
    if (signedInAs) await signInAs(page, signedInAs);
    await use(page);
    const patterns = allowed.get(page) ?? [];
    expect(
      errors.filter((e) => !patterns.some((p) => p.test(e))),
      'console errors',
    ).toEqual([]);
  },
});

export { expect };

/**
 * Waits until the app listens on the page, when the page is one of the app's: the fixture's page
 * does after each `goto`; a page of another context (a second person) calls it itself.
 */
export async function untilAppListens(page: Page) {
  await page.waitForFunction(
    () =>
      document.documentElement.dataset.app === 'ready' ||
      !document.querySelector('script[type="module"]'),
  );
}

/** axe's violations on the page as it is now, each with a few of its nodes. */
async function axeViolations(page: Page) {
  // Colours are judged at rest: a CSS transition under way (a scheme just switched, a button's
  // hover fading) would be measured between its two colours. Spinners (animations) run on.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'),
  );
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: {
          run: (
            ctx: Document,
            opts: object,
          ) => Promise<{
            violations: Array<{ id: string; help: string; nodes: Array<{ target: string[] }> }>;
          }>;
        };
      }
    ).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes
        .slice(0, 6)
        .map(
          (n) =>
            `${n.target.join(' ')} :: ${(n as unknown as { failureSummary?: string }).failureSummary?.replace(/\s+/g, ' ').slice(0, 160)}`,
        ),
    }));
  });
}

/**
 * axe on the page as it is now, in its colour scheme and then in the other one (WCAG 2.2 AA in
 * light and dark on every journey's page): no violations of any impact. A page whose person
 * chose a scheme (stored, not the system's) is judged in that scheme only. With `{ schemes:
 * 'shown' }`, only in the scheme the page shows: for a walk that judges each page in one scheme in
 * one journey and in the other in the next.
 */
export async function checkA11y(
  page: Page,
  { schemes = 'both' }: { schemes?: 'both' | 'shown' } = {},
) {
  // Judge the page once it has rendered: its heading is there and nothing is loading. A page
  // whose session has ended keeps asking (its live stream reconnects), so the network may never
  // rest for long: the wait for it is bounded, and the page is judged as it is then (a CI run
  // timed out here after 30 s over the session-ended dialog).
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  // A tooltip left open by the last hover is not part of the page being judged.
  await page.mouse.move(0, 0);
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  const html = page.locator('html');
  const scheme = await html.getAttribute('data-mantine-color-scheme');
  expect(await axeViolations(page), `axe on ${page.url()} (${scheme})`).toEqual([]);
  if (schemes === 'shown') return;
  const other = scheme === 'dark' ? 'light' : 'dark';
  await page.emulateMedia({ colorScheme: other });
  try {
    const followed = await expect(html)
      .toHaveAttribute('data-mantine-color-scheme', other, { timeout: 1000 })
      .then(
        () => true,
        () => false,
      );
    if (followed) expect(await axeViolations(page), `axe on ${page.url()} (${other})`).toEqual([]);
  } finally {
    await page.emulateMedia({ colorScheme: scheme === 'dark' ? 'dark' : 'light' });
  }
}

/**
 * Signs this browser in as a person of the demo workspace without visiting a page (the one-click
 * sign-in's own request), for a journey whose next step opens a page; ends any earlier session.
 * The sign-in page itself has its own journeys (session.spec.ts).
 */
export async function signInAs(page: Page, name = 'Omar Operations') {
  const person = DEMO_PEOPLE.find((p) => p.name === name);
  if (!person) throw new Error(`${name} is not a person of the demo workspace`);
  await forgetSession(page);
  const signedIn = await page.request.post('/api/session', {
    headers: CSRF,
    data: { demoUser: person.email },
  });
  expect(signedIn.ok(), `signing in as ${name}`).toBe(true);
}

/** Signs in as a person of the demo workspace (by default one who onboards, pays and tests), on the overview. */
export async function signInToDemo(page: Page, name = 'Omar Operations') {
  await signInAs(page, name);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
}

/**
 * Leaves the app and drops the session cookie: off the app first, or a list polling between the
 * cookie's removal and the next sign-in would be answered 401, as for anyone whose session ended.
 */
export async function forgetSession(page: Page) {
  await page.goto('about:blank');
  await page.context().clearCookies();
}

/** Another person takes over this browser (as a colleague at the next desk would), on the overview. */
export const switchTo = signInToDemo;

const allowed = new WeakMap<Page, RegExp[]>();

/** Declares a console error the test causes on purpose, such as a 401 it asks for. */
export function allowConsoleError(page: Page, pattern: RegExp) {
  allowed.set(page, [...(allowed.get(page) ?? []), pattern]);
}

/** Sends the form at `path` empty with its `button`: each of `messages` shows, and axe passes. */
export async function sendEmpty(page: Page, path: string, button: string, messages: string[]) {
  await page.goto(path);
  await page.getByRole('button', { name: button }).click();
  for (const message of messages) await expect(page.getByText(message)).toBeVisible();
  await checkA11y(page);
}

/** Picks an option of a Mantine Select by the field's label and the option's text. */
export async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option }).first().click();
}

/** How many rows a table of the sandbox's database holds: to prove a refused form stored nothing. */
export function countRows(dashboard: Dashboard, table: 'merchant' | 'payout_account' | 'event') {
  return (dashboard.store.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number })
    .n;
}

/** Fills every field of the merchant form with valid values. */
export async function fillMerchant(page: Page, name: string) {
  await page.getByRole('textbox', { name: 'Legal name', exact: true }).fill(name);
  await page.getByRole('textbox', { name: 'Registration number', exact: true }).fill('HRB 99881');
  await choose(page, 'Industry', 'Technology');
  await choose(page, 'Country', /Germany/);
  await page.getByRole('textbox', { name: 'Street', exact: true }).fill('Friedrichstraße');
  await page.getByRole('textbox', { name: 'Number', exact: true }).fill('68');
  await page.getByRole('textbox', { name: 'Postal code', exact: true }).fill('10117');
  await page.getByRole('textbox', { name: 'City', exact: true }).fill('Berlin');
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Jonas Keller');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill('jonas@example.com');
  await page.getByRole('textbox', { name: 'Phone country code', exact: true }).fill('49');
  await page.getByRole('textbox', { name: 'Phone number', exact: true }).fill('30123456');
}

/** Signs in with an email address and password on the sign-in page. */
export async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
}

/**
 * The id of the merchant with this legal name in the journey's sandbox: journeys name the records
 * they open, so that a change of the seed's order does not send them to another one.
 */
export function merchantNamed(dashboard: Dashboard, name: string): number {
  const row = dashboard.store.db.prepare('SELECT id FROM merchant WHERE name = ?').get(name) as
    { id: number } | undefined;
  if (!row) throw new Error(`No merchant is named ${name}.`);
  return row.id;
}

/** The payout account with this IBAN. */
export function accountWithIban(dashboard: Dashboard, iban: string): number {
  const row = dashboard.store.db
    .prepare('SELECT id FROM payout_account WHERE iban = ?')
    .get(iban) as { id: number } | undefined;
  if (!row) throw new Error(`No payout account has the IBAN ${iban}.`);
  return row.id;
}

/**
 * A payout (sendc2f) from Lumen Textiles to Anatolia Cotton Mills' EUR account, created by whoever
 * is signed in through the dashboard's API, deposited in USDT(TRC20) and quoted: its id.
 */
export async function quotedPayout(
  page: Page,
  dashboard: Dashboard,
  toAmount: string,
  /** Made straight at the sandbox, as the partner's own systems would: the dashboard sees none of it. */
  { direct = false } = {},
) {
  const account = dashboard.store.db
    .prepare(
      `SELECT id FROM payout_account WHERE account_holder_name LIKE 'Anatolia%'
       AND account_status = 'ACTIVE' AND currency_symbol = 'EUR'`,
    )
    .get() as { id: number };
  const data = {
    fromBusinessId: merchantNamed(dashboard, SEEDED.lumen),
    toBusinessExternalAccountId: account.id,
    fromCurrencySymbol: 'USDT(TRC20)',
    toAmount,
    purpose: 'SUPPLIER_PAYMENT',
  };
  const created = direct
    ? await page.request.post(`${dashboard.url}/sandbox/v1/sendc2f/`, {
        headers: { 'x-api-key': dashboard.demo.apiKey, 'x-api-secret': dashboard.demo.apiSecret },
        data,
      })
    : await page.request.post('/api/v1/sendc2f/', { headers: CSRF, data });
  expect(created.ok()).toBe(true);
  const id = String((await created.json()).businessRequestId);
  const status = async () =>
    (await (await page.request.get(`/api/v1/sendc2f/${id}`)).json()).clientStatus;
  await expect.poll(status).toBe('OnOff_AWAITING_QUOTE_APPROVAL');
  return id;
}

/** The one transaction of a product in this status for this amount, sent by this merchant. */
export function transactionWhere(
  dashboard: Dashboard,
  where: {
    product: 'sendc2f' | 'sendf2f' | 'receive';
    status: string;
    amount: string;
    from: string;
  },
): number {
  const rows = dashboard.store.db
    .prepare(
      `SELECT t.id FROM txn t JOIN merchant m ON m.id = t.from_business_id
       WHERE t.product = ? AND t.client_status = ? AND t.to_amount = ? AND m.name = ?`,
    )
    .all(where.product, where.status, where.amount, where.from) as { id: number }[];
  if (rows.length !== 1)
    throw new Error(`${rows.length} transactions match ${JSON.stringify(where)}, not one.`);
  return rows[0]!.id;
}

/** Seeded records the journeys open, by what they are. */
/** The header the dashboard's server asks of every changing request (its CSRF rule). */
export const CSRF = { 'x-requested-with': 'dashboard' };

export const SEEDED = {
  lumen: 'Lumen Textiles GmbH',
  sakura: 'Sakura Precision Parts K.K.',
  atlas: 'Atlas Freight Forwarding B.V.',
  harbor: 'Harbor & Pine Trading Ltd',
  lumenIban: 'DE89370400440532013000',
  /** An end-to-end transfer of 31,000.00 awaiting its deposit. */
  awaitingDeposit: {
    product: 'sendf2f',
    status: 'OnOff_AWAITING_DEPOSIT',
    amount: '31000.00',
    from: 'Lumen Textiles GmbH',
  },
  /** A completed payout of 120,000.00. */
  completedPayout: {
    product: 'sendc2f',
    status: 'OnOff_COMPLETED',
    amount: '120000.00',
    from: 'Lumen Textiles GmbH',
  },
  /** A payout of 5,600.00 whose quote waits for approval. */
  quotedPayout: {
    product: 'sendc2f',
    status: 'OnOff_AWAITING_QUOTE_APPROVAL',
    amount: '5600.00',
    from: 'Harbor & Pine Trading Ltd',
  },
  /** A payout of 410,000.00 awaiting its deposit. */
  payoutAwaitingDeposit: {
    product: 'sendc2f',
    status: 'OnOff_AWAITING_DEPOSIT',
    amount: '410000.00',
    from: 'Harbor & Pine Trading Ltd',
  },
  /** A collection of 19,800.00 in progress. */
  collection: {
    product: 'receive',
    status: 'Receive_IN_PROGRESS',
    amount: '19800.00',
    from: 'Lumen Textiles GmbH',
  },
  /** A collection of 4,300.00 whose quote waits for approval. */
  quotedCollection: {
    product: 'receive',
    status: 'Receive_PENDING',
    amount: '4300.00',
    from: 'Harbor & Pine Trading Ltd',
  },
  /** A collection of 11,200.00 whose deposit waits for approval. */
  collectionAwaitingDeposit: {
    product: 'receive',
    status: 'Receive_PENDING',
    amount: '11200.00',
    from: 'Harbor & Pine Trading Ltd',
  },
  /** The newest payout of Lumen Textiles, still pending. */
  pendingPayout: {
    product: 'sendc2f',
    status: 'OnOff_PENDING',
    amount: '2750.00',
    from: 'Lumen Textiles GmbH',
  },
} as const;

/** One call of the dashboard's API (`/api…`) as the person signed in on `page`, JSON answered. */
export async function callDashboard(page: Page, method: string, path: string, data?: object) {
  const response = await page.request.fetch(`/api${path}`, {
    method,
    headers: CSRF,
    ...(data ? { data } : {}),
  });
  return { status: response.status(), json: await response.json() };
}

/** Fills the New payout form (on it already): Lumen pays Anatolia in EUR, deposited in USDT. */
export async function fillPayout(page: Page, amount: string) {
  await choose(page, 'Sender', /Lumen Textiles GmbH/);
  await choose(page, 'Payout account', /Anatolia Cotton Mills/);
  await choose(page, 'Deposit currency', /^USDT\(TRC20\)/);
  await page.getByRole('textbox', { name: 'Payout amount' }).fill(amount);
  await choose(page, 'Purpose', 'Supplier payment');
}

/** The bulk payout template's header, and two rows of it that are right (Lumen pays twice). */
export const BATCH_HEADER =
  'merchant,payout_account,deposit_currency,payout_amount,purpose,reference';
export const GOOD_BATCH_ROWS = [
  `${SEEDED.lumen},${SEEDED.lumenIban},USDT(TRC20),"1,250.50",SUPPLIER_PAYMENT,INV-1001`,
  `${SEEDED.lumen},1501204567890001,USDT(TRC20),980,SUPPLIER_PAYMENT,INV-1002`,
];

/** Rows of the template as a CSV file's text, under its header. */
export const batchCsv = (rows: string[]) => `${BATCH_HEADER}\n${rows.join('\n')}\n`;

/** A file of payouts uploaded through the dashboard's API as the signed-in person: its id. */
export async function uploadedBatch(
  page: Page,
  rows: string[],
  fileName = 'april.csv',
): Promise<string> {
  const response = await page.request.post(`/api/batches?product=sendc2f&fileName=${fileName}`, {
    headers: { ...CSRF, 'content-type': 'text/csv' },
    data: batchCsv(rows),
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { id: string }).id;
}

/** Asks for a batch's quote and waits until the background quote is done (decision 055). */
export async function quoteBatch(page: Page, id: string) {
  expect((await callDashboard(page, 'POST', `/batches/${id}/quote`)).status).toBe(200);
  await expect
    .poll(async () => (await callDashboard(page, 'GET', `/batches/${id}`)).json.status)
    .toBe('awaiting_approval');
}
