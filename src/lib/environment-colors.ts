/** Each environment's accent: the sandbox orange (dark text on it), live red. */
export const ENVIRONMENT_COLOR = { sandbox: 'orange.5', live: 'red.8' } as const;
