// The Go to… spotlight's own store: the header's button opens it, and Go to… keeps its first
// action selected as results arrive (Mantine selects the first only when the query changes).
import { createSpotlight } from '@mantine/spotlight';

export const [goToStore, goTo] = createSpotlight();

/** Marks the list's first action as the one Enter opens, as Mantine does on a new query. */
export function selectFirstAction() {
  const { listId } = goToStore.getState();
  const list = listId ? document.getElementById(listId) : null;
  if (!list) return;
  list.querySelector('[data-selected]')?.removeAttribute('data-selected');
  const first = list.querySelector('[data-action]');
  first?.setAttribute('data-selected', 'true');
  goToStore.updateState((state) => ({ ...state, selected: first ? 0 : -1 }));
}
