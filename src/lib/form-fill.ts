// Prefilling a form from a record the person chose (a contact from its owner, an account from
// its merchant): only fields still empty are filled, and each filled one counts as an edit.
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';

export function fillEmpty<T extends FieldValues>(
  form: UseFormReturn<T>,
  values: Partial<Record<Path<T>, string | null | undefined>>,
): void {
  for (const [name, value] of Object.entries(values) as [Path<T>, string | null | undefined][]) {
    const current: unknown = form.getValues(name);
    if (!value || (typeof current === 'string' && current.trim() !== '')) continue;
    if (current !== '' && current !== null && current !== undefined) continue;
    form.setValue(name, value as PathValue<T, Path<T>>, { shouldDirty: true });
  }
}
