// When the app listens on the page (docs/decisions/059). A page the server drew is taken over
// part by part (each route's part hydrates on its own): `html[data-app]` is "taking-over" from
// the moment React listens, when clicks held on the drawn page (public/held-clicks.js) are given
// to it (React hydrates the part clicked first), and "ready" once the browser is idle after the
// app's first commit, every part taken over. Journeys wait for "ready" before their first step.
import { useEffect } from 'react';

/** React listens on the page: clicks held until now are given to it. */
export function listening() {
  document.documentElement.dataset.app = 'taking-over';
  const held = (window as { __heldClicks?: EventTarget[] }).__heldClicks ?? [];
  for (const target of held.splice(0))
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

export function ReadyMark() {
  useEffect(() => {
    const ready = () => (document.documentElement.dataset.app = 'ready');
    if (typeof requestIdleCallback === 'function') requestIdleCallback(ready, { timeout: 2_000 });
    else setTimeout(ready, 50);
  }, []);
  return null;
}
