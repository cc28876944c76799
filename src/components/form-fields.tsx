// Form inputs shared by the merchant and payout-account forms, and the wording of field errors.
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr } from '#/i18n/current';
import { Fieldset, Select, type SelectProps, SimpleGrid, TextInput } from '@mantine/core';
import type { ComponentType } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { countriesQuery, currenciesQuery, currencyChoices } from '#/lib/reference';

import { choiceError, fieldError } from '#/lib/field-error';

export { fieldError };

/**
 * After a submit with errors, focus on the first field at fault in the order the form shows
 * them (WCAG 3.3.1): react-hook-form would pick the first registered, and a form's text fields
 * register before the choices its child components bind. For `handleSubmit`'s second argument,
 * with `shouldFocusError: false` (its own focusing would come after).
 */
export function focusFirstInvalid(_errors: unknown, event?: { target: EventTarget | null }) {
  const form = event?.target instanceof HTMLElement ? event.target : null;
  // After the errors are drawn (aria-invalid is set on the next render).
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}

/**
 * A choice bound to a form field: nothing chosen is '' in the form; its error names the field
 * (`errorLabel`, the label by default), or says `prompt` while nothing is chosen yet.
 */
export function SelectField<T extends FieldValues, C, V>({
  form,
  name,
  label,
  errorLabel = label,
  prompt,
  as: Choice = Select,
  ...rest
}: {
  form: UseFormReturn<T, C, V>;
  name: Path<T>;
  label: string;
  errorLabel?: string;
  prompt?: string;
  /** The select to render: Mantine's, or one with its own options (CountrySelect). */
  as?: ComponentType<SelectProps>;
} & Omit<SelectProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'label' | 'form'>) {
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => {
        const message = fieldState.error?.message;
        return (
          <Choice
            {...rest}
            // Focusable by the form: after a submit with errors, focus goes to the first of them.
            ref={field.ref}
            // The list opens on a click, an arrow key or typing: not merely on focus.
            openOnFocus={false}
            label={label}
            value={(field.value as string) || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            error={
              prompt
                ? choiceError(errorLabel, message, field.value, prompt)
                : fieldError(errorLabel, message)
            }
          />
        );
      }}
    />
  );
}

/** Each part of an address: its name here, its label, and how its error names it. */
const ADDRESS_PARTS = [
  ['street', msg`Street`, msg`Street`],
  ['number', msg`Number`, msg`Number`],
  ['postalCode', msg`Postal code`, msg`Postal code`],
  ['city', msg`City`, msg`City`],
  ['state', msg`State or region`, msg`State`],
] as const;
type AddressPart = (typeof ADDRESS_PARTS)[number][0];

/**
 * An address as a fieldset: street, number, postal code, city and state or region, each bound to
 * the form field that `names` gives (the API calls them differently on merchants and accounts).
 */
export function AddressFieldset<T extends FieldValues, C, V>({
  legend,
  form,
  names,
  required = false,
}: {
  legend: string;
  form: UseFormReturn<T, C, V>;
  names: Record<AddressPart, Path<T>>;
  /** Everything but the state or region is required (a merchant's own address). */
  required?: boolean;
}) {
  const errors = form.formState.errors;
  return (
    <Fieldset legend={legend}>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {ADDRESS_PARTS.map(([part, label, errorLabel]) => (
          <TextInput
            key={part}
            label={tr(label)}
            required={required && part !== 'state'}
            {...form.register(names[part])}
            error={fieldError(tr(errorLabel), errors[names[part]]?.message as string | undefined)}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}

/** Countries' names in the page's language where Intl knows the code (else the API's name). */
function regionNames(language: string): { of: (iso: string) => string | undefined } | undefined {
  try {
    const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
    return {
      of: (iso) => {
        try {
          return /^[A-Z]{2}$/.test(iso) ? names.of(iso) : undefined;
        } catch {
          return undefined;
        }
      },
    };
  } catch {
    return undefined;
  }
}

export function CountrySelect(props: Omit<SelectProps, 'data'>) {
  const { t, i18n } = useLingui();
  const countries = useQuery(countriesQuery);
  const names = regionNames(i18n.locale);
  return (
    <Select
      searchable
      nothingFoundMessage={t`No country matches`}
      placeholder={countries.isPending ? t`Loading countries…` : t`Choose a country`}
      data={(countries.data ?? [])
        .map((c) => ({
          value: c.countryIso,
          label: `${names?.of(c.countryIso) ?? c.name} (${c.countryIso})`,
        }))
        .sort((a, b) => a.label.localeCompare(b.label, i18n.locale))}
      {...props}
    />
  );
}

/** Fiat currencies that can be paid out: what a payout account can hold. */
export function PayoutCurrencySelect(props: Omit<SelectProps, 'data'>) {
  const { t } = useLingui();
  const currencies = useQuery(currenciesQuery);
  return (
    <Select
      searchable
      placeholder={currencies.isPending ? t`Loading currencies…` : t`Choose a currency`}
      data={currencyChoices(
        (currencies.data ?? []).filter((c) => c.currencyType === 'FIAT' && c.sendTo),
      )}
      {...props}
    />
  );
}
