// @vitest-environment happy-dom
// The report's filters: last month unless another period is chosen, two days to pick when the
// person chooses their own, a currency chosen earlier still offered when the period holds none,
// and each change given back as the part of the search it changes.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { chooseOption, renderWithData } from '#/components/testing';
import { ReportFilters, type ReportFilterValues } from './report-filters';

afterEach(cleanup);

function renderFilters(search: ReportFilterValues, currencies: string[] = ['EUR', 'GBP', 'EUR']) {
  const changes: Partial<ReportFilterValues>[] = [];
  renderWithData(
    <ReportFilters search={search} currencies={currencies} onChange={(c) => changes.push(c)} />,
  );
  return changes;
}

const page = () => within(document.body);

it('shows last month unless told otherwise, and asks for no days', () => {
  renderFilters({});
  expect(screen.getByRole('combobox', { name: 'Period' })).toHaveProperty('value', 'Last month');
  expect(screen.queryByText('Days')).toBeNull();
});

it('gives back each change as the part of the search it changes', async () => {
  const changes = renderFilters({});
  await chooseOption(page(), 'Period', 'Days I choose');
  await chooseOption(page(), 'Product', 'Collections');
  await chooseOption(page(), 'Per', 'Week');
  expect(changes).toEqual([{ period: 'custom' }, { product: 'receive' }, { bucket: 'week' }]);
});

it('asks for two days when the person chooses their own', () => {
  renderFilters({ period: 'custom' });
  expect(screen.getByText('Days')).toBeTruthy();
  expect(screen.getByText('Choose two days')).toBeTruthy();
});

it('offers each currency once, and keeps the one chosen when the period holds none', async () => {
  renderFilters({ currency: 'CHF' });
  const box = screen.getByRole('combobox', { name: 'Payout currency' });
  await userEvent.click(box);
  const list = document.getElementById(box.getAttribute('aria-controls')!)!;
  const offered = within(list)
    .getAllByRole('option', { hidden: true })
    .map((o) => o.textContent);
  expect(offered).toEqual(['EUR', 'GBP', 'CHF']);
});
