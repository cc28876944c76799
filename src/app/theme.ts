import { Anchor, createTheme, type CSSVariablesResolver, Notification } from '@mantine/core';

/**
 * The app's theme, with the words it gives Mantine's components in the page's language
 * (decision 091): a notice's close button is named "Close notification" in English.
 */
export const themeIn = (closeNotification: string) =>
  createTheme({
    primaryColor: 'blue',
    primaryShade: { light: 8, dark: 8 },
    defaultRadius: 'md',
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    fontFamilyMonospace:
      'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
    headings: { fontWeight: '650' },
    cursorType: 'pointer',
    // Someone who asked their system for less motion gets menus, dialogs and notices without
    // their opening and closing animations (WCAG 2.3.3).
    respectReducedMotion: true,
    autoContrast: true,
    luminanceThreshold: 0.3,
    components: {
      // A link is told from the words around it by more than its colour (WCAG 1.4.1): underlined.
      Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
      Notification: Notification.extend({
        defaultProps: { closeButtonProps: { 'aria-label': closeNotification } },
        styles: { description: { color: 'var(--mantine-color-text)' } },
      }),
    },
  });

/** Secondary text dark enough (light) and light enough (dark) for 4.5:1 contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c636a',
    '--mantine-color-error': '#c92a2a',
    '--mantine-color-placeholder': '#6c757d',
    // Text of light badges and alerts: darker than Mantine's, for 4.5:1 on their tinted fill.
    '--mantine-color-orange-light-color': '#a33600',
    '--mantine-color-yellow-light-color': '#7a5200',
    '--mantine-color-green-light-color': '#1b6e2e',
    '--mantine-color-red-light-color': '#b02525',
    '--mantine-color-blue-light-color': '#135a9e',
    '--mantine-color-cyan-light-color': '#0b6473',
    '--mantine-color-violet-light-color': '#5a35b8',
    '--mantine-color-grape-light-color': '#862e9c',
    '--mantine-color-gray-light-color': '#495057',
    '--mantine-color-teal-light-color': '#0b6b57',
  },
  dark: {
    '--mantine-color-dimmed': '#a6a7ab',
    '--mantine-color-placeholder': '#a6a7ab',
    // Error text on the dark body: Mantine's is 3.4:1; this is 5.6:1.
    '--mantine-color-error': '#ff8787',
  },
});
