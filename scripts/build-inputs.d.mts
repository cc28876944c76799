export const STAMP_FILE: string;
export function buildDigest(root?: string): string;
export function buildIsFresh(root?: string): boolean;
