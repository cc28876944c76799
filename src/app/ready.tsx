// When the app listens on the page (docs/decisions/059). A page the server drew is taken over
// part by part (each route's part hydrates on its own): `html[data-app]` is "taking-over" from
// the moment React listens, when what was done on the drawn page (public/held-input.js) is given
// to it: clicks held until now, and text typed into its fields (React hydrates the part acted on
// first). It is "ready" once the browser is idle after the app's first commit, every part taken
// over. Journeys wait for "ready" before their first step.
import { useEffect } from 'react';

interface HeldInput {
  clicks: EventTarget[];
  typed: Map<HTMLInputElement | HTMLTextAreaElement, string>;
}

/** React listens on the page: clicks held until now are given to it, and text typed. */
export function listening() {
  document.documentElement.dataset.app = 'taking-over';
  const held = (window as { __heldInput?: HeldInput }).__heldInput;
  if (!held) return;
  for (const [field, text] of held.typed) giveTyped(field, text);
  held.typed.clear();
  for (const target of held.clicks.splice(0))
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
}

/**
 * Text typed into a drawn field, given to the app as typing: its part taken over first (an input
 * event makes React hydrate it at once; a form library may then put its own value in the field),
 * then the field set back to what React knows and the text entered as a change it sees.
 */
function giveTyped(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  if (!field.isConnected) return;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  if (field.value === text) field.value = field.defaultValue === text ? '' : field.defaultValue;
  // The element's own setter: React watches assignments to `value`, and must see a change.
  const set = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export function ReadyMark() {
  useEffect(() => {
    const ready = () => (document.documentElement.dataset.app = 'ready');
    if (typeof requestIdleCallback === 'function') requestIdleCallback(ready, { timeout: 2_000 });
    else setTimeout(ready, 50);
  }, []);
  return null;
}
