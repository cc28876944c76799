// The dashboard in the person's language (docs/decisions/091), one step per journey: a German
// browser's sign-in page reads German from the server's first byte; a person who chooses French
// on Your account sees the page drawn again in French, one catalog chunk loaded, no reload.
import { callDashboard, checkA11y, choose, expect, signInAs, test } from './fixtures';

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('reads the sign-in page in German, from the server’s page on', async ({ page }) => {
    const words: string[] = [];
    page.on('request', (request) => {
      const name = /\/assets\/(words-[\w-]+?)-[\w-]{8}\.js$/.exec(request.url())?.[1];
      if (name) words.push(name);
    });
    await page.goto('/sign-in');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Passwort vergessen?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Als Aiko Approver anmelden' })).toBeVisible();
    await expect(page).toHaveTitle('Anmelden · Partner Payments');
    // Only the start pages' German words came, with the page.
    expect(words).toEqual(['words-de-start']);
    await checkA11y(page);
  });
});

test('choosing French redraws Your account in French without a reload', async ({ page }) => {
  await signInAs(page, 'Vera Viewer');
  try {
    await page.goto('/account');
    const panel = page.getByRole('form', { name: 'Language' });
    await expect(panel).toBeVisible();
    await page.evaluate(() => Object.assign(window, { stillThisPage: true }));
    const words: string[] = [];
    page.on('request', (request) => {
      const name = /\/assets\/(words-[\w-]+?)-[\w-]{8}\.js$/.exec(request.url())?.[1];
      if (name) words.push(name);
    });
    await choose(page, 'Language', 'Français');
    await panel.getByRole('button', { name: 'Save language' }).click();
    await expect(page.getByRole('heading', { name: 'Langue', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enregistrer la langue' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    expect(await page.evaluate(() => 'stillThisPage' in window)).toBe(true);
    expect(words).toEqual(['words-fr-app']);
    // The server draws the next page in French from its first byte.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByRole('heading', { name: 'Langue', exact: true })).toBeVisible();
  } finally {
    await callDashboard(page, 'PUT', '/account/language', { language: null });
  }
});
