import type { PageOf } from '#/api/schemas/common';

/** Turns `limit + 1` fetched rows into a page whose `hasMore` says whether records follow. */
export function toPage<T>(rows: T[], start: number, limit: number): PageOf<T> {
  return { start, limit, hasMore: rows.length > limit, results: rows.slice(0, limit) };
}
