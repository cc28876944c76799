import { notFound } from '@tanstack/react-router';

/** A route's `$id` as a record id; anything else is a page that does not exist. */
export function parseIdParam(id: string): number {
  if (!/^[1-9]\d{0,15}$/.test(id) || Number(id) > Number.MAX_SAFE_INTEGER) throw notFound();
  return Number(id);
}
