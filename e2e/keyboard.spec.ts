// Quote → payout → approve → deposit → receipt by keyboard alone: every key press is counted
// and printed. Two people, as dual control wants: whoever creates a payout may not approve it.
import type { Page } from '@playwright/test';
import { checkA11y, expect, signInAs, test, untilAppListens } from './fixtures';

/** A keyboard that counts what it is asked to press. */
function countingKeyboard(page: Page) {
  let presses = 0;
  return {
    get presses() {
      return presses;
    },
    async press(key: string, times = 1) {
      for (let i = 0; i < times; i++) {
        await page.keyboard.press(key);
        presses++;
      }
    },
    async type(text: string) {
      await page.keyboard.type(text);
      presses += text.length;
    },
  };
}

test('quote → payout → approve → deposit → receipt, by keyboard alone', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'Omar Operations');
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Get a quote', level: 1 })).toBeVisible();
  const keys = countingKeyboard(page);

  // The skip link first, then the quote's three fields.
  await keys.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await keys.press('Enter');
  await keys.press('Tab', 2);
  await expect(page.getByRole('combobox', { name: 'Deposit currency' })).toBeFocused();
  await keys.type('trc');
  await expect(page.getByRole('option', { name: /^USDT\(TRC20\)/ })).toBeVisible();
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await keys.press('Tab');
  await keys.type('eur');
  await expect(page.getByRole('option', { name: /^EUR/ })).toBeVisible();
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await keys.press('Tab');
  await keys.type('2500');
  // The link follows the amount once typing pauses: wait for the whole amount, or the link that
  // takes the focus can be replaced by the one for 2,500 as the Tab lands.
  const create = page.getByRole('link', { name: 'Create transaction' });
  await expect(create).toHaveAttribute('href', /amount=2500$/);
  await keys.press('Tab');
  await expect(create).toBeFocused();
  await keys.press('Enter');

  // The new payout: sender, account, purpose; the quote's currencies and amount came along.
  await expect(page.getByRole('heading', { name: 'New payout' })).toBeVisible();
  // A new page starts at its content: the next Tab is its first control.
  await expect(page.locator('main')).toBeFocused();
  await keys.press('Tab');
  await expect(page.getByRole('combobox', { name: 'Sender' })).toBeFocused();
  // Its contacts match "lumen" too (by their owner's name): the whole name leaves one.
  await keys.type('lumen textiles');
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(page.getByRole('option', { name: /Lumen Textiles GmbH/ })).toBeVisible();
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Sender' })).toHaveValue(/^Lumen Textiles GmbH/);
  await keys.press('Tab');
  await keys.type('anatolia');
  await expect(page.getByRole('option', { name: /Anatolia Cotton Mills.*EUR/ })).toBeVisible();
  await keys.press('ArrowDown');
  await keys.press('Enter');
  await keys.press('Tab', 3);
  await expect(page.getByRole('combobox', { name: 'Purpose' })).toBeFocused();
  await keys.press('ArrowDown');
  await expect(page.getByRole('option', { name: 'Goods purchase' })).toBeVisible();
  await keys.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Purpose' })).toHaveValue('Goods purchase');
  // Back to the amount, where Enter sends the form.
  await keys.press('Shift+Tab');
  await keys.press('Enter');
  await expect(page.getByRole('heading', { name: /^Payout #\d+$/ })).toBeVisible();
  const address = page.url();
  const byOmar = keys.presses;

  // A colleague approves: quote, then deposit, then opens the confirmation.
  const context = await browser.newContext({ baseURL });
  const approver = await context.newPage();
  try {
    await signInAs(approver, 'Aiko Approver');
    await approver.goto(address);
    // A page of its own context: its keys wait, as the fixture's page does, for the app to listen.
    await untilAppListens(approver);
    await expect(approver.getByText('Awaiting quote approval').first()).toBeVisible();
    const theirs = countingKeyboard(approver);
    await theirs.press('Tab');
    await theirs.press('Enter');
    await theirs.press('Tab', 2);
    await expect(approver.getByRole('button', { name: 'Approve quote' })).toBeFocused();
    await theirs.press('Enter');
    const quote = approver.getByRole('dialog', { name: /^Approve the quote/ });
    await expect(quote.getByRole('button', { name: 'Approve quote' })).toBeFocused();
    await theirs.press('Enter');
    await expect(quote).toBeHidden();
    // Focus lands on the next action, not the page body.
    const deposit = approver.getByRole('button', { name: 'Approve deposit' });
    await expect(deposit).toBeFocused();
    await checkA11y(approver);
    await theirs.press('Enter');
    const depositDialog = approver.getByRole('dialog', { name: /^Approve the deposit/ });
    await expect(depositDialog.getByRole('button', { name: 'Approve deposit' })).toBeFocused();
    await theirs.press('Enter');
    await expect(depositDialog).toBeHidden();
    await expect(approver.getByTestId('transaction-now')).toBeFocused();
    // Once it is paid out, focus is on what happened; the confirmation is one step back.
    const paid = approver.getByRole('heading', { name: 'Paid out', level: 2 });
    await expect(paid).toBeFocused({ timeout: 15_000 });
    await theirs.press('Shift+Tab');
    await expect(approver.getByRole('link', { name: 'Open confirmation' })).toBeFocused();
    await theirs.press('Enter');
    await expect(approver.getByRole('heading', { name: 'Payout confirmation' })).toBeVisible();
    const total = byOmar + theirs.presses;
    console.log(
      `Keyboard only: ${total} key presses (${byOmar} to quote and create, ${theirs.presses} to approve and open the confirmation).`,
    );
    expect(total).toBeLessThan(70);
  } finally {
    await context.close();
  }
});
