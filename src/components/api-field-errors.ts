// Puts the API's field errors back on the form's fields; returns those that match no field.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#/api/errors';
import type { FieldError } from '#/api/schemas/common';

export function applyApiFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly string[],
  setError: UseFormSetError<T>,
): FieldError[] {
  if (!(error instanceof ApiError)) return [];
  const unplaced: FieldError[] = [];
  for (const e of error.fieldErrors) {
    const field = e.field.split('.')[0]!;
    if (fields.includes(field))
      setError(field as Path<T>, { type: 'server', message: e.message }, { shouldFocus: true });
    else unplaced.push(e);
  }
  return unplaced;
}
