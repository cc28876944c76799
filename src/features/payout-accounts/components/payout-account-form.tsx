// Creating and editing a payout account. IBAN checksum and BIC format are checked in the browser
// with the same schema the API uses; the bank country and bank code are filled from the IBAN;
// before saving, the dashboard checks that IBAN, BIC and bank country agree and warns when
// another merchant has the same number (docs/decisions/025). A change of an active account's
// bank details is held until someone else approves it.
import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { Fieldset, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  type PayoutAccount,
  PayoutAccountCreate,
  PayoutAccountUpdate,
} from '#/api/schemas/payout-account';
import { FormActions, WarningAlert } from '#/components/api-error';
import { useSaveGuard } from '#/components/leave-guard';
import { applyApiFieldErrors } from '#/components/api-field-errors';
import {
  AddressFieldset,
  CountrySelect,
  fieldError,
  focusFirstInvalid,
  PayoutCurrencySelect,
  SelectField,
} from '#/components/form-fields';
import { textField } from '#/components/text-field';

import { useMerchantChoices } from '../../find/queries';
import { usePrefillFromMerchant } from '../../merchants/queries';
import type { PayeeChange, PayeeCheckResult } from '#/api/controls';
import { fromIban } from '#/api/payee';
import { checkPayee } from '../../controls/queries';
import { useCreatePayoutAccount, useUpdatePayoutAccount } from '../queries';
import { RecordField } from '#/components/record-field';

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

/** Another merchant's account with the same number, in the page's words. */
function DuplicateWarning({ warning }: { warning: PayeeCheckResult['warnings'][number] }) {
  const { t } = useLingui();
  const { accountId, businessId } = warning;
  const owner = warning.merchantName ?? t`a merchant`;
  return warning.field === 'iban'
    ? t`This IBAN is also on payout account #${accountId} of ${owner} (merchant #${businessId}).`
    : t`This account number is also on payout account #${accountId} of ${owner} (merchant #${businessId}).`;
}

export function PayoutAccountForm({
  account,
  businessId,
  onSaved,
  onHeld,
  onCancel,
}: {
  account?: PayoutAccount;
  businessId?: number;
  onSaved: (account: PayoutAccount) => void;
  /** The new bank details wait for someone else's approval (an active account's). */
  onHeld?: (change: PayeeChange) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const editing = account !== undefined;
  const create = useCreatePayoutAccount();
  const update = useUpdatePayoutAccount(account?.id ?? 0);
  const mutation = editing ? update : create;
  const schema = editing ? PayoutAccountUpdate : PayoutAccountCreate;

  // Validate what will be sent: blank optional inputs become null first.
  const resolve = zodResolver(schema as typeof PayoutAccountCreate) as unknown as Resolver<Values>;
  const form = useForm<Values>({
    // Focus goes to the first field at fault in the order shown (focusFirstInvalid).
    shouldFocusError: false,
    resolver: (values, context, options) => resolve(withBlanksAsNull(values), context, options),
    defaultValues: initialValues(account, businessId),
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const { guard, saved } = useSaveGuard(form.formState.isDirty, onSaved);
  // Every merchant in the local index, searched as one types.
  const owners = useMerchantChoices({}, form.watch('businessId'));

  // A new account is usually the merchant's own: its name as holder, its country and address.
  const prefillFromMerchant = usePrefillFromMerchant(
    form,
    (merchant) => ({
      // The merchant's office is not its bank's address: that is left for the bank's own.
      accountHolderName: merchant.name,
      countryIso: merchant.countryIso,
    }),
    editing ? undefined : businessId,
  );

  // The bank country, and the bank code where the IBAN carries one, filled from a valid IBAN.
  const fillFromIban = (typed: string) => {
    const read = typed.trim() ? fromIban(typed) : undefined;
    if (!read) return;
    if (!form.getValues('countryIso'))
      form.setValue('countryIso', read.countryIso, { shouldDirty: true, shouldValidate: true });
    if (read.bankCode && !form.getValues('routingNumber'))
      form.setValue('routingNumber', read.bankCode, { shouldDirty: true });
  };

  // Warnings the person has seen and chose to save anyway, for exactly these details.
  const [warned, setWarned] = useState<{ key: string; check: PayeeCheckResult } | null>(null);
  const [checking, setChecking] = useState(false);

  const submit = form.handleSubmit(async (values) => {
    const body = withBlanksAsNull(values);
    const onError = (error: unknown) => applyApiFieldErrors(error, FIELDS, form.setError);
    const details = {
      ...(account ? { accountId: account.id } : {}),
      ...(body.businessId ? { businessId: body.businessId } : {}),
      iban: body.iban,
      accountNumber: body.accountNumber,
      swiftCode: body.swiftCode,
      countryIso: body.countryIso,
    };
    const key = JSON.stringify(details);
    if (warned?.key !== key) {
      setChecking(true);
      const check = await checkPayee(details).catch(() => undefined);
      setChecking(false);
      // Refused on saving anyway: said at the fields now.
      for (const p of check?.problems ?? [])
        form.setError(p.field as keyof Values, { type: 'server', message: p.message });
      if (check && check.problems.length > 0) return;
      if (check && check.warnings.length > 0) {
        setWarned({ key, check });
        return;
      }
    }
    if (editing) {
      const { businessId: _b, currencySymbol: _c, ...rest } = body;
      update.mutate(rest as PayoutAccountUpdate, {
        onSuccess: (outcome) => {
          if (outcome.kind === 'saved') return saved(outcome.account);
          guard.release();
          onHeld?.(outcome.change);
        },
        onError,
      });
    } else {
      create.mutate(body as PayoutAccountCreate, { onSuccess: saved, onError });
    }
  }, focusFirstInvalid);

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={editing ? t`Edit payout account` : t`New payout account`}
    >
      {guard.dialog}
      <Stack gap="lg">
        {!editing && (
          <Fieldset legend={t`Owner and currency`}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <RecordField
                form={form}
                name="businessId"
                choices={owners}
                label={t`Merchant`}
                placeholder={t`Choose a merchant`}
                nothingFound={t`No merchant matches`}
                prompt={t`Choose the merchant that owns the account`}
                none={undefined}
                onChosen={(id) => void prefillFromMerchant(id)}
              />
              <SelectField
                form={form}
                name="currencySymbol"
                as={PayoutCurrencySelect}
                label={t`Currency`}
                required
                prompt={t`Choose a currency`}
              />
            </SimpleGrid>
          </Fieldset>
        )}

        <Fieldset legend={t`Bank account`}>
          <Text size="sm" c="dimmed" mb="sm">
            <Trans>Give an IBAN, an account number, or both.</Trans>
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput required {...textField(form, 'accountHolderName', t`Account holder`)} />
            <TextInput required {...textField(form, 'bankName', t`Bank name`)} />
            <TextInput
              label={t`IBAN`}
              spellCheck={false}
              autoComplete="off"
              placeholder={t`e.g. DE89 3704 0044 0532 0130 00`}
              description={t`Fills the bank country and bank code.`}
              {...form.register('iban', { onBlur: (e) => fillFromIban(e.target.value) })}
              error={fieldError(t`IBAN`, errors.iban?.message)}
            />
            <TextInput
              spellCheck={false}
              autoComplete="off"
              {...textField(form, 'accountNumber', t`Account number`)}
            />
            <TextInput
              spellCheck={false}
              autoComplete="off"
              placeholder={t`e.g. DEUTDEFF`}
              {...textField(form, 'swiftCode', t`BIC (SWIFT code)`, { errorLabel: t`BIC` })}
            />
            <TextInput
              spellCheck={false}
              {...textField(form, 'routingNumber', t`Routing number or bank code`, {
                errorLabel: t`Routing number`,
              })}
            />
            <SelectField
              form={form}
              name="countryIso"
              as={CountrySelect}
              label={t`Bank country`}
              required
              prompt={t`Choose a country`}
            />
          </SimpleGrid>
        </Fieldset>

        <AddressFieldset
          legend={t`Bank address (optional)`}
          form={form}
          names={{
            street: 'address',
            number: 'streetNumber',
            postalCode: 'zipCode',
            city: 'city',
            state: 'state',
          }}
        />

        {warned && (
          <WarningAlert title={t`Check before saving`} data-testid="payee-warnings">
            {warned.check.warnings.map((w) => (
              <Text size="sm" key={`${w.field}-${w.accountId}`}>
                <DuplicateWarning warning={w} />
              </Text>
            ))}
            <Text size="sm" mt={4}>
              <Trans>
                Paying one person's money to another's account is how invoice fraud works: save only
                if this is expected.
              </Trans>
            </Text>
          </WarningAlert>
        )}
        {editing && (account.accountStatus === 'ACTIVE' || account.accountStatus === 'FROZEN') && (
          <Text size="sm" c="dimmed">
            <Trans>
              A change of this account's IBAN, account number, BIC, routing number, holder or bank
              country waits for someone else's approval before it applies.
            </Trans>
          </Text>
        )}
        <FormActions
          mutation={mutation}
          refused={t`The payout account was not saved`}
          placed={FIELDS}
          onCancel={onCancel}
          busy={checking}
        >
          {warned ? t`Save anyway` : editing ? t`Save changes` : t`Create payout account`}
        </FormActions>
      </Stack>
    </form>
  );
}
