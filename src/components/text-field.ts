// A text input's binding to react-hook-form, in its own module: the sign-in page uses it, and
// must not pull in the selects of form-fields.tsx with it (the first load's budget).
import {
  type FieldValues,
  get,
  type Path,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';
import { fieldError } from '#/lib/field-error';

/**
 * A text input bound to a form field: its label, the form's registration, and its error as a
 * sentence that names the field (`errorLabel`, the label by default). Spread onto a TextInput,
 * PasswordInput or Textarea: `<TextInput required {...textField(form, 'name', 'Legal name')} />`.
 */
export function textField<T extends FieldValues, C, V>(
  form: UseFormReturn<T, C, V>,
  name: Path<T>,
  label: string,
  options: { errorLabel?: string; register?: RegisterOptions<T, Path<T>> } = {},
) {
  const message = (get(form.formState.errors, name) as { message?: string } | undefined)?.message;
  return {
    label,
    ...form.register(name, options.register),
    error: fieldError(options.errorLabel ?? label, message),
  };
}
