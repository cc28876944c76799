// Creating and editing a payout account. IBAN checksum and BIC format are checked in the browser
// with the same schema the API uses.
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Fieldset, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type PayoutAccount,
  PayoutAccountCreate,
  PayoutAccountUpdate,
} from '../../../api/schemas/payout-account';
import { ApiErrorAlert } from '../../../components/api-error';
import { useLeaveGuard } from '../../../components/leave-guard';
import { applyApiFieldErrors } from '../../../components/api-field-errors';
import { CountrySelect, fieldError, PayoutCurrencySelect } from '../../../components/form-fields';
import { choiceError } from '../../../lib/field-error';
import { useMerchantChoices } from '../../find/queries';
import { usePrefillFromMerchant } from '../../merchants/queries';
import { useCreatePayoutAccount, useUpdatePayoutAccount } from '../queries';

type Values = z.input<typeof PayoutAccountCreate>;

/** Every field of the contract's create body: where the API's field errors may land. */
const FIELDS = Object.keys(PayoutAccountCreate.shape) as (keyof Values)[];

/** The optional fields, read from the schema: blank inputs of these are sent as null. */
const OPTIONAL = FIELDS.filter(
  (name) => PayoutAccountCreate.shape[name].safeParse(undefined).success,
);
function initialValues(account?: PayoutAccount, businessId?: number): Values {
  return {
    businessId: account?.businessId ?? businessId ?? (undefined as unknown as number),
    currencySymbol: account?.currencySymbol ?? '',
    accountNumber: account?.accountNumber ?? '',
    accountHolderName: account?.accountHolderName ?? '',
    bankName: account?.bankName ?? '',
    swiftCode: account?.swiftCode ?? '',
    iban: account?.iban ?? '',
    routingNumber: account?.routingNumber ?? '',
    countryIso: account?.countryIso ?? '',
    address: account?.address ?? '',
    streetNumber: account?.streetNumber ?? '',
    city: account?.city ?? '',
    state: account?.state ?? '',
    zipCode: account?.zipCode ?? '',
  };
}

/** Empty optional inputs are sent as null (cleared), not as empty strings to be checked. */
function withBlanksAsNull(values: Values): Values {
  const out: Record<string, unknown> = { ...values };
  for (const key of OPTIONAL) {
    if (typeof out[key] === 'string' && (out[key] as string).trim() === '') out[key] = null;
  }
  return out as Values;
}

export function PayoutAccountForm({
  account,
  businessId,
  onSaved,
  onCancel,
}: {
  account?: PayoutAccount;
  businessId?: number;
  onSaved: (account: PayoutAccount) => void;
  onCancel: () => void;
}) {
  const editing = account !== undefined;
  const create = useCreatePayoutAccount();
  const update = useUpdatePayoutAccount(account?.id ?? 0);
  const mutation = editing ? update : create;
  const idempotencyKey = useMemo(() => crypto.randomUUID(), []);
  const schema = editing ? PayoutAccountUpdate : PayoutAccountCreate;

  // Validate what will be sent: blank optional inputs become null first.
  const resolve = zodResolver(schema as typeof PayoutAccountCreate) as unknown as Resolver<Values>;
  const form = useForm<Values>({
    resolver: (values, context, options) => resolve(withBlanksAsNull(values), context, options),
    defaultValues: initialValues(account, businessId),
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const guard = useLeaveGuard(form.formState.isDirty);
  const saved = (record: Parameters<typeof onSaved>[0]) => {
    guard.release();
    onSaved(record);
  };
  // Every merchant in the local index, searched as one types.
  const owners = useMerchantChoices({}, form.watch('businessId'));

  // A new account is usually the merchant's own: its name as holder, its country and address.
  const prefillFromMerchant = usePrefillFromMerchant(
    form,
    (merchant) => ({
      accountHolderName: merchant.name,
      countryIso: merchant.countryIso,
      address: merchant.address,
      streetNumber: merchant.streetNumber,
      city: merchant.city,
      state: merchant.state,
      zipCode: merchant.zipcode,
    }),
    editing ? undefined : businessId,
  );

  const submit = form.handleSubmit((values) => {
    const body = withBlanksAsNull(values);
    const onError = (error: unknown) => applyApiFieldErrors(error, FIELDS, form.setError);
    if (editing) {
      const { businessId: _b, currencySymbol: _c, ...rest } = body;
      update.mutate(rest as PayoutAccountUpdate, { onSuccess: saved, onError });
    } else {
      create.mutate(
        { body: body as PayoutAccountCreate, idempotencyKey },
        { onSuccess: saved, onError },
      );
    }
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? 'Edit payout account' : 'New payout account'}
    >
      {guard.dialog}
      <Stack gap="lg">
        {!editing && (
          <Fieldset legend="Owner and currency">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Controller
                control={form.control}
                name="businessId"
                render={({ field }) => (
                  <Select
                    label="Merchant"
                    required
                    searchable
                    placeholder={owners.isPending ? 'Loading merchants…' : 'Choose a merchant'}
                    nothingFoundMessage="No merchant matches"
                    data={owners.options}
                    filter={({ options }) => options}
                    onSearchChange={owners.onSearchChange}
                    value={field.value ? String(field.value) : null}
                    onChange={(value) => {
                      field.onChange(value ? Number(value) : undefined);
                      if (value) void prefillFromMerchant(Number(value));
                    }}
                    onBlur={field.onBlur}
                    error={choiceError(
                      'Merchant',
                      errors.businessId?.message,
                      field.value,
                      'Choose the merchant that owns the account',
                    )}
                  />
                )}
              />
              <Controller
                control={form.control}
                name="currencySymbol"
                render={({ field }) => (
                  <PayoutCurrencySelect
                    label="Currency"
                    required
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    error={choiceError(
                      'Currency',
                      errors.currencySymbol?.message,
                      field.value,
                      'Choose a currency',
                    )}
                  />
                )}
              />
            </SimpleGrid>
          </Fieldset>
        )}

        <Fieldset legend="Bank account">
          <Text size="sm" c="dimmed" mb="sm">
            Give an IBAN, an account number, or both.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Account holder"
              required
              {...form.register('accountHolderName')}
              error={fieldError('Account holder', errors.accountHolderName?.message)}
            />
            <TextInput
              label="Bank name"
              required
              {...form.register('bankName')}
              error={fieldError('Bank name', errors.bankName?.message)}
            />
            <TextInput
              label="IBAN"
              spellCheck={false}
              autoComplete="off"
              placeholder="e.g. DE89 3704 0044 0532 0130 00"
              {...form.register('iban')}
              error={fieldError('IBAN', errors.iban?.message)}
            />
            <TextInput
              label="Account number"
              spellCheck={false}
              autoComplete="off"
              {...form.register('accountNumber')}
              error={fieldError('Account number', errors.accountNumber?.message)}
            />
            <TextInput
              label="BIC (SWIFT code)"
              spellCheck={false}
              autoComplete="off"
              placeholder="e.g. DEUTDEFF"
              {...form.register('swiftCode')}
              error={fieldError('BIC', errors.swiftCode?.message)}
            />
            <TextInput
              label="Routing number"
              spellCheck={false}
              {...form.register('routingNumber')}
              error={fieldError('Routing number', errors.routingNumber?.message)}
            />
            <Controller
              control={form.control}
              name="countryIso"
              render={({ field }) => (
                <CountrySelect
                  label="Bank country"
                  required
                  value={field.value || null}
                  onChange={(value) => field.onChange(value ?? '')}
                  onBlur={field.onBlur}
                  error={choiceError(
                    'Bank country',
                    errors.countryIso?.message,
                    field.value,
                    'Choose a country',
                  )}
                />
              )}
            />
          </SimpleGrid>
        </Fieldset>

        <Fieldset legend="Bank address (optional)">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput
              label="Street"
              {...form.register('address')}
              error={fieldError('Street', errors.address?.message)}
            />
            <TextInput
              label="Number"
              {...form.register('streetNumber')}
              error={fieldError('Number', errors.streetNumber?.message)}
            />
            <TextInput
              label="Postal code"
              {...form.register('zipCode')}
              error={fieldError('Postal code', errors.zipCode?.message)}
            />
            <TextInput
              label="City"
              {...form.register('city')}
              error={fieldError('City', errors.city?.message)}
            />
            <TextInput
              label="State or region"
              {...form.register('state')}
              error={fieldError('State', errors.state?.message)}
            />
          </SimpleGrid>
        </Fieldset>

        {mutation.isError && (
          <ApiErrorAlert
            error={mutation.error}
            title="The payout account was not saved"
            placed={FIELDS}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {editing ? 'Save changes' : 'Create payout account'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
