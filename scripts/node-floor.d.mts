// Types for node-floor.mjs, which stays plain JavaScript so that an old Node can run it to refuse.
export const floor: number;
export function refusal(version: string, platform?: string, arch?: string): string | null;
