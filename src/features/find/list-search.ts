// How a list page changes its own URL search: a filter starts again at the first page, the pager
// keeps the filters, and clearing keeps only the page size. The search is the list's state, so
// a link, a reload or a saved view shows the same rows.
import { useNavigate } from '@tanstack/react-router';

export interface ListPaging {
  start: number;
  limit: number;
}

export function useListSearch<Search extends ListPaging>() {
  const navigate = useNavigate();
  // The route's own navigate is typed by its path; these three only ever change the search of
  // the page they are on, whose type `Search` is, hence the one cast.
  const go = (search: (prev: Search) => Partial<Search>) =>
    void navigate({ to: '.', search: search as never });
  return {
    filter: (changes: Partial<Search>) => go((prev) => ({ ...prev, ...changes, start: 0 })),
    page: (paging: ListPaging) => go((prev) => ({ ...prev, ...paging })),
    clear: () => go((prev) => ({ start: 0, limit: prev.limit }) as Partial<Search>),
  };
}
