// The audit trail page's address: its filters and page, and the API's filters they mean. Kept
// apart from the page's components so that the route (which validates the address and loads the
// data) does not draw them into every page's first load.
import type { AuditFilters } from '#/api/audit';
import { AUDIT_OUTCOMES } from '#/api/list-choices';
import { DAY_PATTERN, endOfDay, startOfDay } from '#/lib/dates';
import { integer, matching, oneOf, type SearchOf, searchSchema, text } from '#/lib/search';

export const AuditSearch = searchSchema({
  actor: text(254),
  action: text(200),
  outcome: oneOf(AUDIT_OUTCOMES),
  before: integer({ min: 1 }),
  from: matching(DAY_PATTERN),
  to: matching(DAY_PATTERN),
});
export type AuditSearch = SearchOf<typeof AuditSearch>;

/** The page's search as the API's filters: its days as the instants they begin and end. */
export function filtersOf({ from, to, ...search }: AuditSearch): AuditFilters {
  return {
    ...search,
    from: from ? startOfDay(from) : undefined,
    to: to ? endOfDay(to) + 1 : undefined,
  };
}
