import { notFound } from '@tanstack/react-router';
import { ApiError } from '../api/client';

/** A route's `$id` as a record id; anything else is a page that does not exist. */
export function parseIdParam(id: string): number {
  if (!/^[1-9]\d{0,15}$/.test(id) || Number(id) > Number.MAX_SAFE_INTEGER) throw notFound();
  return Number(id);
}

/** Loads a record for a page; an id the API does not know is the page's not-found state. */
export async function loadRecord<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound({ data: error.message });
    throw error;
  }
}
