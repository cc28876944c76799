// Dark mode on the pages the route walk does not judge yet (every-route.spec.ts judges each
// translated route light in one journey and dark in the next): its untranslated routes.
import { checkA11y, expect, signInAs, test } from './fixtures';

test.use({ colorScheme: 'dark' });

test('/sandbox passes axe in dark mode', async ({ page }) => {
  await signInAs(page);
  await page.goto('/sandbox');
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await checkA11y(page);
});
