// The sandbox's API reference (/sandbox/docs): found by search from its sidebar, an example's
// curl copied and run as a partner would, giving the answer the page documents.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { checkA11y, expect, test } from './fixtures';

test('an example’s curl, copied from the reference and run, gives the documented answer', async ({
  page,
  dashboard,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/sandbox/docs');
  await expect(page.getByRole('heading', { name: /Partner Payments API/, level: 1 })).toBeVisible();
  const contents = page.getByRole('navigation', { name: 'Contents' });
  await contents.getByLabel('Search the reference').fill('merchant by id');
  await expect(contents.getByRole('status')).toHaveText('1 operation matches');
  await expect(contents.getByRole('link', { name: /Get a merchant by id/ })).toBeVisible();
  await expect(contents.getByRole('link', { name: /List merchants/ })).toBeHidden();
  const operation = page.locator('section#getMerchant');
  await expect(operation).toBeVisible();
  await checkA11y(page);

  await operation.getByRole('button', { name: 'Copy the curl command of getMerchant' }).click();
  await expect(
    operation.getByRole('button', { name: 'Copy the curl command of getMerchant' }),
  ).toHaveText('Copied');
  const curl = await page.evaluate(() => navigator.clipboard.readText());
  expect(curl).toContain('$SANDBOX_API_SECRET');
  const { stdout } = await promisify(execFile)('sh', ['-c', `${curl} -s -w '\\n%{http_code}'`], {
    env: {
      PATH: process.env.PATH,
      SANDBOX_API_KEY: dashboard.demo.apiKey,
      SANDBOX_API_SECRET: dashboard.demo.apiSecret,
    },
  });
  const lines = stdout.split('\n');
  expect(lines.at(-1)).toBe('200');
  const answer = JSON.parse(lines.slice(0, -1).join('\n')) as Record<string, unknown>;
  // The documented answer: the status line, then the same fields as the example shows.
  const documented = (await operation
    .locator('pre[data-copy^="the example answer"]')
    .textContent())!;
  expect(documented.startsWith('HTTP/1.1 200 OK')).toBe(true);
  const example = JSON.parse(documented.slice(documented.indexOf('{'))) as Record<string, unknown>;
  expect(Object.keys(answer).sort()).toEqual(Object.keys(example).sort());
  expect(answer).toMatchObject({ id: 1 });
});

test('the reference shows how to check a webhook signature, and its contents follow the page', async ({
  page,
}) => {
  await page.goto('/sandbox/docs');
  const contents = page.getByRole('navigation', { name: 'Contents' });
  await contents.getByRole('link', { name: 'Webhooks and signatures' }).click();
  await expect(page).toHaveURL(/#webhook-signatures$/);
  const section = page.locator('section#webhook-signatures');
  await expect(section.getByText('isSignedBySandbox').first()).toBeInViewport();
  await expect(
    section.getByRole('button', { name: 'Copy the signature check in Node.js' }),
  ).toBeVisible();
  await checkA11y(page);
  // Each link of the contents is a target of at least 24 px (WCAG 2.5.8).
  const heights = await contents
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height));
  expect(Math.min(...heights.filter((h) => h > 0))).toBeGreaterThanOrEqual(24);
  // A search finds prose too, and says when nothing matches.
  await contents.getByLabel('Search the reference').fill('no such thing anywhere');
  await expect(contents.getByRole('status')).toHaveText('0 operations match');
  await expect(section).toBeHidden();
});
