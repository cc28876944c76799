// Styles that let a control's words wrap on a narrow screen instead of being cut: translations
// run up to a third longer than English (decision 091), and a phone has 360 px.

/** A button grows in height; its label wraps. */
export const WRAPPING_BUTTON = {
  root: { height: 'auto', minHeight: 'var(--button-height)' },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

/**
 * A badge's words wrap; it grows in height and never passes its column. A single word longer
 * than the column shows whole, past the badge's edge, rather than cut.
 */
export const WRAPPING_BADGE = {
  root: { height: 'auto', maxWidth: '100%', overflow: 'visible' },
  label: { whiteSpace: 'normal', overflow: 'visible' },
} as const;

/** A segmented control's labels wrap within their segment. */
export const WRAPPING_SEGMENTS = {
  label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' },
} as const;
