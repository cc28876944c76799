// A record (merchant, payout account) chosen in a form by searching as one types; the choices
// come from the caller (features/find's useMerchantChoices and useAccountChoices).
import { Select } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import {
  Controller,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import { choiceError } from '#/lib/field-error';

/**
 * A record (merchant or payout account) chosen in a form from `choices`, which search the local
 * index as one types. Every picker says in its own whole sentences (translated by the caller,
 * decision 091) what to choose ("Choose a merchant"), what it offers when nothing matches ("No
 * valid merchant matches") and, while nothing is chosen, what its error asks ("Choose the
 * merchant that sends"). `onChosen` runs with the new id (to prefill from the record, or check
 * the amount).
 */
export function RecordField<T extends FieldValues, C, V>({
  form,
  name,
  choices,
  label,
  description,
  placeholder,
  nothingFound,
  prompt,
  none,
  onChosen,
}: {
  form: UseFormReturn<T, C, V>;
  name: Path<T>;
  choices: {
    options: Array<{ value: string; label: string }>;
    onSearchChange: (text: string) => void;
    isPending: boolean;
  };
  label: string;
  description?: string;
  /** The placeholder while nothing is chosen: "Choose a merchant". */
  placeholder: string;
  /** When nothing matches what was typed: "No valid merchant matches". */
  nothingFound: string;
  /** The error while nothing is chosen: "Choose the merchant that sends". */
  prompt: string;
  /** What the form holds while nothing is chosen (null or undefined, as its schema wants). */
  none: null | undefined;
  onChosen?: (id: number) => void;
}) {
  const { t } = useLingui();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          // Focusable by the form: after a submit with errors, focus goes to the first of them.
          ref={field.ref}
          // The list opens on a click, an arrow key or typing: not merely on focus, which a
          // submit with errors or a Tab gives it.
          openOnFocus={false}
          label={label}
          description={description}
          required
          searchable
          placeholder={choices.isPending ? t`Loading…` : placeholder}
          nothingFoundMessage={nothingFound}
          data={choices.options}
          // The index has already matched what was typed; show its answer as it is.
          filter={({ options }) => options}
          onSearchChange={choices.onSearchChange}
          value={field.value ? String(field.value) : null}
          onChange={(value) => {
            field.onChange((value ? Number(value) : none) as PathValue<T, Path<T>>);
            if (value) onChosen?.(Number(value));
          }}
          onBlur={field.onBlur}
          error={choiceError(label, fieldState.error?.message, field.value, prompt)}
        />
      )}
    />
  );
}
