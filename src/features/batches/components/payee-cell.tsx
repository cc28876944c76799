// The payout account of a row being fixed, chosen from the accounts its merchant may pay (its
// own for a collection, its customer's circle otherwise: decision 030) rather than typed blind.
// The merchant is the one the row's merchant cell names; while it names none (or several), the
// account is typed as in the file.
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { tr, trText } from '#/i18n/current';
import { Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import type { Product } from '#/api/schemas/transaction';
import { accountChoiceLabel, accountIndexQuery, merchantIndexQuery } from '#/features/find/queries';

/** The one merchant a cell names: by id, or by exact name or registration number. */
function useNamedMerchant(cell: string) {
  const text = cell.trim();
  const byId = /^\d{1,15}$/.test(text) ? Number(text) : undefined;
  const found = useQuery({
    ...merchantIndexQuery({ q: text, start: 0, limit: 5 }),
    enabled: text !== '' && byId === undefined,
  });
  if (byId !== undefined) return { id: byId, name: tr(msg`merchant #${byId}`) };
  const folded = text.toLocaleLowerCase('en');
  const named = (found.data?.results ?? []).filter(
    (m) => m.name.toLocaleLowerCase('en') === folded || m.localRegNumber === text,
  );
  return named.length === 1 ? { id: named[0]!.id, name: named[0]!.name } : undefined;
}

export function PayeeCell({
  form,
  product,
  label,
  required,
  problem,
}: {
  form: UseFormReturn<Record<string, string>>;
  product: Product;
  label: string;
  required: boolean;
  problem: ReactNode;
}) {
  const { t } = useLingui();
  const merchant = useNamedMerchant(form.watch('merchant') ?? '');
  const accounts = useQuery({
    ...accountIndexQuery({
      accountStatus: ['ACTIVE'],
      ...(product === 'receive' ? { businessId: merchant?.id } : { party: merchant?.id }),
      start: 0,
      limit: 100,
    }),
    enabled: merchant !== undefined,
  });
  return (
    <Controller
      control={form.control}
      name="payout_account"
      render={({ field, fieldState }) => {
        const error = (fieldState.error?.message && trText(fieldState.error.message)) || problem;
        const choices = (accounts.data?.results ?? []).map((a) => ({
          value: String(a.id),
          label: accountChoiceLabel(a),
        }));
        if (!merchant || choices.length === 0)
          return (
            <TextInput
              label={label}
              required={required}
              {...field}
              error={error}
              description={t`Its id, IBAN or account number`}
            />
          );
        // What the file says stays a choice until another is made.
        const data =
          field.value && !choices.some((c) => c.value === field.value)
            ? [{ value: field.value, label: t`As in the file: ${field.value}` }, ...choices]
            : choices;
        return (
          <Select
            label={label}
            required={required}
            description={t`The active accounts ${merchant.name} may pay`}
            searchable
            data={data}
            value={field.value || null}
            onChange={(value) => field.onChange(value ?? '')}
            onBlur={field.onBlur}
            allowDeselect={false}
            error={error}
          />
        );
      }}
    />
  );
}
