// Sandbox status simulation: a value ending in `|STATUS` sets the record's status directly.
import { splitSuffix } from '#/api/simulation';
import { invalidField } from './errors';

export interface SplitValue<S extends string> {
  /** The value without the suffix. */
  value: string;
  /** The status the suffix asks for, when there is one. */
  status: S | undefined;
}

export function splitStatusSuffix<S extends string>(
  value: string,
  allowed: readonly S[],
  field: string,
): SplitValue<S> {
  const split = splitSuffix(value);
  if (!split) return { value, status: undefined };
  const { suffix } = split;
  if (!(allowed as readonly string[]).includes(suffix)) {
    throw invalidField(
      field,
      `ends in "|${suffix}", which is not a status the sandbox can simulate; use one of ${allowed
        .map((s) => `|${s}`)
        .join(', ')}`,
    );
  }
  return { value: split.value, status: suffix as S };
}

/** Optional text in an update: absent keeps the stored value, null or blank clears it. */
export function keepOrClear(input: string | null | undefined, stored: string | null | undefined) {
  if (input === undefined) return stored ?? null;
  return input === null || input === '' ? null : input;
}

/**
 * The stored value of a field that can carry a simulation suffix, and the status it asks for.
 * A bare suffix ("|ACTIVE") only sets the status and keeps the stored value.
 */
export function simulatedField<S extends string>(
  input: string | null | undefined,
  stored: string | null,
  allowed: readonly S[],
  field: string,
): { value: string | null; status: S | undefined } {
  const kept = keepOrClear(input, stored);
  if (input === undefined || kept === null) return { value: kept, status: undefined };
  const split = splitStatusSuffix(kept, allowed, field);
  const value = split.status !== undefined && split.value === '' ? stored : split.value;
  return { value: value || null, status: split.status };
}
