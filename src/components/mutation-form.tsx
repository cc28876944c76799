// A form that sends through a mutation: named for assistive technology, checked by its own
// schema rather than the browser's, the API's field errors put back on its fields.
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { type FormMutation, type SubmitOptions, submitThrough } from './api-field-errors';

export function MutationForm<T extends FieldValues, Values, Input, Answer>({
  label,
  form,
  mutation,
  children,
  ...options
}: SubmitOptions<Values, Input, Answer> & {
  /** What the form does, as a screen reader announces it. */
  label: string;
  form: UseFormReturn<T, unknown, Values>;
  mutation: FormMutation<Input, Answer>;
  children: ReactNode;
}) {
  return (
    <form aria-label={label} noValidate onSubmit={submitThrough(form, mutation, options)}>
      {children}
    </form>
  );
}
