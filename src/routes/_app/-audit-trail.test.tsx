// @vitest-environment happy-dom
// The audit trail reads as actions: an API call by its words with the record it names linked, a
// write's "sent" entry folded into its outcome with the time it was sent, long details folded
// behind "Show all", the export carrying the filters, and older entries a page away.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { AuditEntry } from '#/api/audit';
import { renderInRouter, signedInAs } from '#/components/testing';
import { auditQuery } from '#/features/workspace/queries';
import { type AuditSearch, filtersOf } from './-audit-search';
import { AuditTrail } from './-audit-trail';

afterEach(cleanup);

const entry = (seq: number, over: Partial<AuditEntry>): AuditEntry =>
  AuditEntry.parse({
    seq,
    at: 1_790_000_000_000 + seq * 1_000,
    actorEmail: 'mia@partner.example',
    roles: ['approver'],
    ip: '203.0.113.9',
    userAgent: 'Mozilla/5.0',
    action: 'POST /v1/sendc2f/approveQuote/{id}',
    target: '/v1/sendc2f/approveQuote/41',
    outcome: 'ok',
    requestId: `req-${seq}`,
    details: null,
    hash: 'h',
    ...over,
  });

const NO_FILTERS: AuditSearch = {
  actor: undefined,
  action: undefined,
  outcome: undefined,
  before: undefined,
  from: undefined,
  to: undefined,
};

function show(results: AuditEntry[], search: AuditSearch = NO_FILTERS, hasMore = false) {
  const onSearch = vi.fn();
  renderInRouter(<AuditTrail search={search} onSearch={onSearch} />, [
    [auditQuery(filtersOf(search)).queryKey, { results, hasMore }],
    signedInAs(['admin']),
  ]);
  return onSearch;
}

it('shows an API call in words, links its record, and folds its "sent" entry in', async () => {
  show([entry(12, { requestId: 'r-1' }), entry(11, { outcome: 'sent', requestId: 'r-1' })]);
  const table = within(await screen.findByRole('table', { name: 'Audit trail' }));
  const rows = table.getAllByRole('row').slice(1);
  expect(rows).toHaveLength(1);
  const row = within(rows[0]!);
  expect(row.getByText(/Approve the quote/i)).toBeTruthy();
  expect(row.getByRole('link', { name: /#41/ }).getAttribute('href')).toMatch(/41$/);
  expect(row.getByText('POST /v1/sendc2f/approveQuote/{id}')).toBeTruthy();
  expect(row.getByText(/^sent/)).toBeTruthy();
});

it('folds long details behind "Show all", and opens them', async () => {
  const details = { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 };
  show([entry(5, { action: 'set approval settings', target: null, details })]);
  const show6 = await screen.findByRole('button', { name: 'Show all 6' });
  expect(screen.queryByText(/^F:/)).toBeNull();
  await userEvent.click(show6);
  expect(screen.getByRole('button', { name: 'Show fewer' })).toBeTruthy();
  expect(screen.getAllByText(/:$/).length).toBe(6);
});

it('exports what is filtered, and pages to older entries', async () => {
  const onSearch = show(
    [entry(40, {}), entry(39, {})],
    { ...NO_FILTERS, outcome: 'refused' },
    true,
  );
  const exported = (await screen.findByRole('link', { name: 'Export CSV' })).getAttribute('href')!;
  expect(exported).toMatch(/format=csv/);
  expect(exported).toMatch(/outcome=refused/);
  await userEvent.click(screen.getByRole('button', { name: 'Older entries' }));
  expect(onSearch).toHaveBeenCalledWith({ ...NO_FILTERS, outcome: 'refused', before: 39 });
});
