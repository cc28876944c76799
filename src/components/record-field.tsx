// A record (merchant, payout account) chosen in a form by searching as one types; the choices
// come from the caller (features/find's useMerchantChoices and useAccountChoices).
import { Select } from '@mantine/core';
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
 * index as one types. Every picker words itself from what it picks (`noun`), the part that record
 * plays (`role`) and which ones it offers (`only`): "Choose a merchant", "Loading merchants…",
 * "No valid merchant matches", and while nothing is chosen its error says "Choose the merchant that
 * sends". `onChosen` runs with the new id (to prefill from the record, or check the amount).
 */
export function RecordField<T extends FieldValues, C, V>({
  form,
  name,
  choices,
  label,
  description,
  noun,
  role,
  only,
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
  noun: 'merchant' | 'customer' | 'payout account';
  /** What the chosen record does: "sends", "owns the account". */
  role: string;
  /** The kind of record offered, when not every one is: "valid", "active". */
  only?: string;
  /** What the form holds while nothing is chosen (null or undefined, as its schema wants). */
  none: null | undefined;
  onChosen?: (id: number) => void;
}) {
  const prompt = `Choose the ${noun} that ${role}`;
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
          placeholder={choices.isPending ? `Loading ${noun}s…` : `Choose a ${noun}`}
          nothingFoundMessage={`No ${only ? `${only} ` : ''}${noun} matches`}
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
