// Puts the API's field errors back on the form's fields; returns those that match no field.
import type { FieldValues, Path, UseFormReturn, UseFormSetError } from 'react-hook-form';
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

/** A mutation as a form sends through it: its input, and what to do on each outcome. */
export interface FormMutation<Input, Answer> {
  mutate(
    input: Input,
    options: { onSuccess: (answer: Answer) => void; onError: (error: unknown) => void },
  ): void;
}

/** How a form's values go through a mutation, and where the API's field errors land. */
export interface SubmitOptions<Values, Input, Answer> {
  /** The form's fields, by the names the API's field errors use. */
  fields: readonly string[];
  /** The mutation's input made from the checked values (the values as they are unless told). */
  input?: ((values: Values) => Input) | undefined;
  done?: ((answer: Answer, values: Values) => void) | undefined;
}

/**
 * The submit of a form that sends through a mutation: the form's values checked, turned into the
 * mutation's input by `input`, `done` on success, and the API's field errors put back on the
 * form's fields named in `fields`.
 */
export function submitThrough<T extends FieldValues, Values, Input, Answer>(
  form: UseFormReturn<T, unknown, Values>,
  mutation: FormMutation<Input, Answer>,
  {
    fields,
    input = (values) => values as unknown as Input,
    done,
  }: SubmitOptions<Values, Input, Answer>,
) {
  return form.handleSubmit((values) =>
    mutation.mutate(input(values), {
      onSuccess: (answer) => done?.(answer, values),
      onError: (error) => applyApiFieldErrors(error, fields, form.setError),
    }),
  );
}
