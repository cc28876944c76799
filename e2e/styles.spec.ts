// The signed-in shell loads Mantine's styles per component (decision 022): every Mantine class
// on screen must have its styles loaded, on the pages and in the overlays (a select's options,
// a dialog, the go-to box, a date picker) that bring components of their own.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, SEEDED, signInAs, test, transactionWhere } from './fixtures';

// Every class Mantine's packages style: what a missing per-component import would leave bare.
const MANTINE_CLASSES = [
  ...new Set(
    ['core', 'dates', 'spotlight', 'notifications'].flatMap(
      (pkg) =>
        fs
          .readFileSync(`node_modules/@mantine/${pkg}/styles.css`, 'utf8')
          .match(/\.m_[0-9a-f]+/g)
          ?.map((c) => c.slice(1)) ?? [],
    ),
  ),
];

/** Mantine classes on screen whose styles are in none of the page's stylesheets. */
function unstyled(page: Page): Promise<string[]> {
  return page.evaluate((known) => {
    const loaded = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        const selector = (rule as CSSStyleRule).selectorText ?? '';
        for (const c of selector.match(/\.m_[0-9a-f]+/g) ?? []) loaded.add(c.slice(1));
        const nested = (rule as CSSGroupingRule).cssRules;
        if (nested) walk(nested);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const styledByMantine = new Set(known);
    const missing = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class*="m_"]')))
      for (const c of Array.from(element.classList))
        if (styledByMantine.has(c) && !loaded.has(c))
          missing.add(`${c} (${element.className.slice(0, 60)})`);
    return [...missing];
  }, MANTINE_CLASSES);
}

test('the merchants list and the go-to box have their styles', async ({ page }) => {
  await signInAs(page);
  await page.goto('/merchants');
  await expect(page.getByRole('cell').first()).toBeVisible();
  expect(await unstyled(page)).toEqual([]);
  await page.keyboard.press('Control+k');
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await unstyled(page)).toEqual([]);
});

test.describe('for someone who asked their system for less motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the go-to box opens without its animation', async ({ page }) => {
    await signInAs(page);
    await page.goto('/merchants');
    await expect(page.getByRole('cell').first()).toBeVisible();
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    // Mantine's dialogs slide and fade in over 200 ms unless the theme respects the wish.
    expect(await dialog.evaluate((element) => getComputedStyle(element).transitionDuration)).toBe(
      '0s',
    );
  });
});

test('a form with its options open has its styles', async ({ page }) => {
  await signInAs(page);
  await page.goto('/merchants/new');
  await page.getByRole('combobox', { name: 'Country', exact: true }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  expect(await unstyled(page)).toEqual([]);
});

test('a transaction, its timeline and a dialog have their styles', async ({ page, dashboard }) => {
  await signInAs(page);
  await page.goto(`/transactions/payouts/${transactionWhere(dashboard, SEEDED.quotedPayout)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(/^Now:/)).toBeVisible();
  expect(await unstyled(page)).toEqual([]);
  await page
    .getByRole('button', { name: /^cancel/i })
    .first()
    .click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await unstyled(page)).toEqual([]);
});

test('the transactions list with its date filter open has its styles', async ({ page }) => {
  await signInAs(page);
  await page.goto('/transactions/payouts');
  await expect(page.getByRole('cell').first()).toBeVisible();
  expect(await unstyled(page)).toEqual([]);
  await page.getByRole('button', { name: 'Created between' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await unstyled(page)).toEqual([]);
});

test('the sandbox tools and the settings with single sign-on have their styles', async ({
  page,
}) => {
  await signInAs(page, 'Ada Admin');
  await page.goto('/settings/sign-in');
  await expect(page.getByRole('form', { name: 'OpenID provider' })).toBeVisible();
  expect(await unstyled(page)).toEqual([]);
  // The switch that holds the sandbox's automatic moves.
  await signInAs(page, 'Theo Tester');
  await page.goto('/sandbox');
  await expect(page.getByRole('switch').first()).toBeVisible();
  expect(await unstyled(page)).toEqual([]);
});
