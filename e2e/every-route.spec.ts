// Every route of the app in the pseudo-language and in German (docs/decisions/091), one route per
// journey: no plain-English text node or accessible name, no label cut off, at 1280 and 390 px,
// and no axe violation (the page is judged light in the pseudo-language and dark in German: each
// route in both schemes, each scheme once). Routes whose screens are not translated
// yet are listed below and marked `fixme` (skipped, and reported so): the list only shrinks, and
// every route on it is a known gap.
import fs from 'node:fs';
import type { BrowserContext } from '@playwright/test';
import {
  callDashboard,
  checkA11y,
  expect,
  GOOD_BATCH_ROWS,
  quoteBatch,
  signInAs,
  test,
  untilAppListens,
  uploadedBatch,
} from './fixtures';
import {
  addressOf,
  appRoutes,
  cutOff,
  personFor,
  plainEnglish,
  readableText,
  wholeWords,
} from './routes';

/** The routes whose every word is translated. */
const TRANSLATED = new Set([
  '/',
  '/$',
  '/account',
  '/approvals',
  '/audit',
  '/batches',
  '/batches/$id',
  '/currencies',
  '/merchants',
  '/merchants/$id',
  '/merchants/$id/edit',
  '/merchants/new',
  '/payout-accounts',
  '/payout-accounts/$id',
  '/payout-accounts/$id/edit',
  '/payout-accounts/new',
  '/pricing',
  '/reports',
  '/requests',
  '/reset-password',
  '/sandbox',
  '/settings',
  '/settings/approvals',
  '/settings/credentials',
  '/settings/notifications',
  '/settings/people',
  '/settings/sign-in',
  '/sign-in',
  '/transactions/$product',
  '/transactions/$product/$id',
  '/transactions/$product/new',
  '/transactions/payouts/$id/receipt',
]);

const SIGNED_OUT = new Set(['/reset-password', '/sign-in']);

// Every journey here only reads (and sets its walker's language first): one dashboard per worker,
// and one browser context per worker, its cookies cleared before each journey, so that the
// app's files, loaded once, come from the browser's cache for the rest of the walk.
test.use({ shareDashboard: true });
const walk = test.extend<object, { walkerContext: BrowserContext }>({
  walkerContext: [
    async ({ browser }, use) => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await use(context);
      await context.close();
    },
    { scope: 'worker' },
  ],
  context: async ({ walkerContext }, use) => {
    // The last journey's page is closed: left open, it would go on polling and hold connections.
    for (const open of walkerContext.pages()) await open.close();
    await walkerContext.clearCookies();
    await walkerContext.unrouteAll();
    await walkerContext.setExtraHTTPHeaders({});
    await use(walkerContext);
  },
});

/**
 * The English source messages of the catalogs, as the plain text between their placeholders and
 * ICU parts.
 */
function englishPieces(): string[] {
  const texts = new Set<string>();
  for (const catalog of ['start', 'app']) {
    const po = fs.readFileSync(new URL(`../src/locales/en/${catalog}.po`, import.meta.url), 'utf8');
    for (const match of po.matchAll(/\nmsgstr "((?:[^"\\]|\\.)+)"/g))
      for (const piece of match[1]!.replace(/\\"/g, '"').split(/\{[^{}]*\}|[{}]|<\/?\d+\/?>/))
        if (piece.trim()) texts.add(piece.trim());
  }
  return [...texts];
}

/** Those of two words or more: a German page must show none of them. */
const ENGLISH_MESSAGES = englishPieces().filter(
  (piece) => /^\S+\s+\S+/.test(piece) && piece.length > 8,
);

/**
 * Single words and short labels ("Edit", "Accept"): in the pseudo-language no text node or
 * accessible name may be one of them whole (the plain-English check needs two words in a row).
 */
const ENGLISH_WORDS = englishPieces().filter(
  (piece) => /^[A-Za-z][A-Za-z -]{2,}$/.test(piece) && !/^[A-Z]+$/.test(piece),
);

/** The walker's language: the person's choice, or a signed-out browser's Accept-Language. */
async function speak(page: Parameters<typeof signInAs>[0], route: string, language: string) {
  if (SIGNED_OUT.has(route)) {
    await page.unrouteAll();
    await page.setExtraHTTPHeaders({ 'accept-language': language });
    await page.route('**/*', (request) =>
      request.continue({
        headers: { ...request.request().headers(), 'accept-language': language },
      }),
    );
  } else {
    expect((await callDashboard(page, 'PUT', '/account/language', { language })).status).toBe(200);
  }
}

/** Opens `address` and waits until the page is drawn in `language` and has settled. */
async function visit(page: Parameters<typeof signInAs>[0], address: string, language: string) {
  await page.goto(address);
  await untilAppListens(page);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

// One journey per route: the page in the pseudo-language (light), then the same page in German
// (dark), in one browser and one sign-in.
/** A bulk file the walker uploads and quotes (it may not approve its own): its page has it all. */
async function quotedBatch(page: Parameters<typeof signInAs>[0]) {
  const id = await uploadedBatch(page, GOOD_BATCH_ROWS);
  await quoteBatch(page, id);
  return id;
}

for (const route of appRoutes()) {
  const journey = TRANSLATED.has(route) ? walk : walk.fixme;

  journey(`${route} in the pseudo-language and in German`, async ({ page, dashboard }) => {
    if (!SIGNED_OUT.has(route)) await signInAs(page, personFor(route));
    const address =
      route === '/batches/$id'
        ? `/batches/${await quotedBatch(page)}`
        : addressOf(route, dashboard);

    // The pseudo-language: every word translated, none cut off, at 1280 and 390 px.
    await speak(page, route, 'en-XA');
    await visit(page, address, 'en-XA');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth), {
          message: `the page fits ${width} px`,
        })
        .toBeLessThanOrEqual(width);
      expect(await plainEnglish(page), `plain English at ${width} px`).toEqual([]);
      expect(await wholeWords(page, ENGLISH_WORDS), `English words at ${width} px`).toEqual([]);
      // Polled: a control measures its labels again after the width changes (a segmented
      // control's indicator), and a label cut for good stays cut.
      await expect.poll(() => cutOff(page), { message: `cut off at ${width} px` }).toEqual([]);
    }
    await checkA11y(page, { schemes: 'shown' });

    // German, in the dark scheme: no English message of the catalogs left, none cut off.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await speak(page, route, 'de');
    await visit(page, address, 'de');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const shown = await readableText(page);
    const left = ENGLISH_MESSAGES.filter((text) => shown.includes(text));
    expect(left, 'English messages on the German page').toEqual([]);
    await expect.poll(() => cutOff(page), { message: 'cut off in German' }).toEqual([]);
    await checkA11y(page, { schemes: 'shown' });
  });
}
