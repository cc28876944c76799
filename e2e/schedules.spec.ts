// Scheduled payouts (docs/decisions/090): a finance person schedules a payout monthly on the 31st
// from the New payout form, reads when it runs (the last day of shorter months), and finds it
// in the list of payouts under Scheduled.
import { checkA11y, expect, fillPayout, signInAs, test } from './fixtures';

test('a payout scheduled monthly on the 31st shows in the list with its next run', async ({
  page,
}) => {
  await signInAs(page, 'Fatima Finance');
  await page.goto('/transactions/payouts/new');
  await fillPayout(page, '1800');
  await page.getByRole('radiogroup', { name: 'When' }).getByText('Monthly').click();
  await page.getByRole('textbox', { name: 'Day of the month' }).fill('31');
  // The next three runs, each on the month's last day where it has no 31st.
  await expect(page.getByTestId('first-runs')).toContainText(/^Runs on /);
  await page.getByRole('button', { name: 'Schedule payout' }).click();

  const scheduled = page.getByRole('table', { name: 'Scheduled payouts' });
  await expect(scheduled).toContainText('Monthly on the last day, next on');
  await expect(scheduled).toContainText('€1,800.00');
  await expect(scheduled).toContainText('by Fatima Finance');
  // On a phone the schedule still reads whole: nothing pushed sideways.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(scheduled).toContainText('Monthly on the last day');
  // Once the layout has settled from the resize (the navigation folds away).
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(360);
  await checkA11y(page);
});
