import { expect, signInToDemo, test } from './fixtures';
test('shots', async ({ page }) => {
  await signInToDemo(page);
  await page.goto('/merchants');
  await expect(page.getByRole('heading', { name: 'Merchants' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: '/tmp/m1.png', fullPage: true });
  await page.getByLabel('Search merchants').fill('coffee');
  await page.waitForTimeout(800);
  await page.screenshot({ path: '/tmp/m2.png' });
});
