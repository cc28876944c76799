// What keeps a session alive is the person, not the page (docs/decisions/061): the last time they
// pressed a key, clicked, scrolled, touched or came back to the dashboard, in any of its tabs. A
// page that polls on its own tells the server how long the person has been away, so that an
// open tab left on a busy page still ends its session when its idle limit passes (lib/api.ts
// sends it with every call).

/** Shared by the dashboard's tabs in one browser: input in one keeps the others awake too. */
const SHARED_KEY = 'dashboard:last-input';
const INPUTS = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;
/** Input is noted at most this often: a key held down is not a write a keystroke. */
const NOTE_EVERY_MS = 1_000;

// Loading the page is the person's doing.
let lastInputAt = Date.now();
let watching = false;

function note() {
  const time = Date.now();
  if (time - lastInputAt < NOTE_EVERY_MS) return;
  lastInputAt = time;
  try {
    localStorage.setItem(SHARED_KEY, String(time));
  } catch {
    // Storage refused (a private window's quota): this tab's own input still counts.
  }
}

/** Starts noting the person's input on this page (once; in the browser only). */
export function watchActivity() {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  for (const input of INPUTS)
    window.addEventListener(input, note, { capture: true, passive: true });
  window.addEventListener('focus', note);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') note();
  });
}

/** When the person last did something in any of the dashboard's tabs in this browser. */
export function lastInputTime(): number {
  let shared = 0;
  try {
    shared = Number(localStorage.getItem(SHARED_KEY)) || 0;
  } catch {
    // No storage: this tab's own input.
  }
  // Another tab's clock is this one's; a value from the future is not believed.
  return Math.max(lastInputAt, Math.min(shared, Date.now()));
}
