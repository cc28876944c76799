// The server's first paint of signed-in pages (docs/decisions/059): the page arrives drawn, with
// its data; the browser takes it over without asking for that data again; a page the server
// cannot draw is drawn by the browser as before.
import type { Page } from '@playwright/test';
import { allowConsoleError, expect, signInAs, test } from './fixtures';

/** Holds the app's entry script back (a slow network) until the function returned is called. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a signed-in list arrives drawn: its rows show with scripts turned off', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, 'Omar Operations');
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  await context.addCookies(await page.context().cookies());
  const bare = await context.newPage();
  await bare.goto('/merchants');
  await expect(bare.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  const table = bare.getByRole('table', { name: 'Merchants' });
  await expect(
    table.getByRole('link', { name: 'Lumen Textiles GmbH', exact: true }).first(),
  ).toBeVisible();
  await expect(bare.getByRole('link', { name: 'Payouts', exact: true }).first()).toBeVisible();
  await context.close();
});

test('the browser takes a drawn page over without asking for its data again', async ({ page }) => {
  await signInAs(page, 'Omar Operations');
  // What the page asked for before its live stream opened, once the app had taken it over. (As
  // the stream opens, a page reads its list again only if a record changed since it was drawn:
  // live-updates.test.tsx.)
  const asked: string[] = [];
  let streaming = false;
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/events') streaming = true;
    if (!streaming && (path === '/api/index/merchants' || path === '/api/session'))
      asked.push(path);
  });
  const stream = page.waitForResponse((r) => r.url().endsWith('/api/events'));
  const served = await page.goto('/merchants');
  expect(await served!.text()).toContain('id="page-data"');
  await stream;
  const table = page.getByRole('table', { name: 'Merchants' });
  await expect(
    table.getByRole('link', { name: 'Lumen Textiles GmbH', exact: true }).first(),
  ).toBeVisible();
  // Neither the session nor the list was asked for to show the page and take it over.
  expect(asked).toEqual([]);
  // The page is the app's: a filter typed in answers at once.
  await page.getByRole('searchbox', { name: 'Search merchants' }).fill('Lumen');
  await expect(page).toHaveURL(/q=Lumen/);
  await expect(table.getByRole('link', { name: 'Atlas Freight Forwarding B.V.' })).toBeHidden();
  await expect(
    table.getByRole('link', { name: 'Lumen Textiles GmbH', exact: true }).first(),
  ).toBeVisible();
});

test('a page the server cannot draw is drawn by the browser, as before', async ({ page }) => {
  allowConsoleError(page, /status of 404/);
  await signInAs(page, 'Omar Operations');
  const served = await page.request.get('/merchants/999999');
  expect(await served.text()).not.toContain('id="page-data"');
  await page.goto('/merchants/999999');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('a click on a drawn page before the app listens is not lost', async ({ page }) => {
  await signInAs(page, 'Omar Operations');
  // The app's entry script held back (a slow network), so the drawn page is all there is.
  const release = await holdAppScript(page);
  await page.goto('/merchants', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  await page.getByRole('button', { name: 'Account' }).click();
  release();
  await expect(page.getByRole('menuitem', { name: 'Sign out', exact: true })).toBeVisible();
});

test('text typed on a drawn page before the app listens is not lost', async ({ page }) => {
  await signInAs(page, 'Omar Operations');
  const release = await holdAppScript(page);
  await page.goto('/merchants', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox', { name: 'Search merchants' });
  await expect(search).toBeVisible();
  await search.pressSequentially('Lumen');
  release();
  // The app takes the words as typed: the list is filtered by them, and the field keeps them.
  await expect(page).toHaveURL(/q=Lumen/);
  const table = page.getByRole('table', { name: 'Merchants' });
  await expect(table.getByRole('link', { name: 'Atlas Freight Forwarding B.V.' })).toBeHidden();
  await expect(search).toHaveValue('Lumen');
});

test('a form field typed into before the app listens gives its text to the form', async ({
  page,
}) => {
  await signInAs(page, 'Omar Operations');
  const release = await holdAppScript(page);
  await page.goto('/merchants/new', { waitUntil: 'commit' });
  const name = page.getByRole('textbox', { name: /^Legal name/ });
  await expect(name).toBeVisible();
  await name.pressSequentially('Early Bird Trading Ltd');
  release();
  await expect(page.locator('html[data-app="ready"]')).toBeAttached();
  await expect(name).toHaveValue('Early Bird Trading Ltd');
  // The form has the name: sending it finds other fields missing, not this one.
  await page.getByRole('button', { name: 'Create merchant' }).click();
  await expect(page.getByRole('textbox', { name: /^Street/ })).toHaveAccessibleDescription(
    /Street is required/,
  );
  await expect(name).not.toHaveAccessibleDescription(/required/);
});

test('pages drawn at once for browsers in different formats each keep their own', async ({
  page,
  baseURL,
}) => {
  await signInAs(page, 'Omar Operations');
  const session = (await page.context().cookies())
    .filter((c) => c.name !== 'browser-formats')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
  const draw = async (formats: string) => {
    const response = await fetch(`${baseURL}/merchants`, {
      headers: { cookie: `${session}; browser-formats=${encodeURIComponent(formats)}` },
    });
    const html = await response.text();
    expect(html).toContain('id="page-data"');
    // The "Created" cells of the drawn list.
    return [...html.matchAll(/data-label="Created"[^>]*>(.*?)<\/td>/g)].map((m) =>
      m[1]!
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  };
  // Six pages at once, three per person's formats: none is drawn in the other's.
  const drawn = await Promise.all(
    ['de-DE Asia/Tokyo', 'en-US America/New_York'].flatMap((formats) =>
      [1, 2, 3].map(async () => ({ formats, cells: await draw(formats) })),
    ),
  );
  for (const { formats, cells } of drawn) {
    expect(cells.length).toBeGreaterThan(0);
    for (const cell of cells)
      expect(cell).toMatch(
        formats.startsWith('de') ? /^\d{2}\.\d{2}\.\d{4}/ : /^[A-Z][a-z]{2} \d{1,2}, \d{4}/,
      );
  }
});

test.describe('in a browser set to German and Tokyo time', () => {
  test.use({ locale: 'de-DE', timezoneId: 'Asia/Tokyo' });

  test('a person who chose no formats gets pages drawn as the browser shows them', async ({
    page,
  }) => {
    const redrawn: string[] = [];
    page.on('console', (m) => {
      if (m.text().startsWith('Drawn again')) redrawn.push(m.text());
    });
    await signInAs(page, 'Omar Operations');
    // The first page tells the server the browser's formats; the next is drawn in them.
    await page.goto('/sign-in');
    await page.goto('/merchants');
    // A German browser gives a new person German words too (decision 091).
    const created = page
      .getByRole('table', { name: 'Händler' })
      .locator('td[data-label="Angelegt"]')
      .first();
    const shown = (await created.innerText()).replace(/\s+/g, ' ').trim();
    expect(shown).toMatch(/^\d{2}\.\d{2}\.\d{4}/);
    const served = await (await page.request.get('/merchants')).text();
    const drawnText = served.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(drawnText).toContain(shown);
    expect(redrawn).toEqual([]);
  });
});
