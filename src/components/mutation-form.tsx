// A form that sends through a mutation: named for assistive technology, checked by its own
// schema rather than the browser's, the API's field errors put back on its fields.
import type { ReactNode } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { type FormMutation, submitThrough } from './api-field-errors';

export function MutationForm<T extends FieldValues, Values, Input, Answer>({
  label,
  form,
  mutation,
  fields,
  input,
  done,
  children,
}: {
  /** What the form does, as a screen reader announces it. */
  label: string;
  form: UseFormReturn<T, unknown, Values>;
  mutation: FormMutation<Input, Answer>;
  /** The form's fields, by the names the API's field errors use. */
  fields: readonly string[];
  /** The mutation's input made from the checked values (the values as they are unless told). */
  input?: (values: Values) => Input;
  done?: (answer: Answer, values: Values) => void;
  children: ReactNode;
}) {
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={submitThrough(form, mutation, { fields, input, done })}
    >
      {children}
    </form>
  );
}
