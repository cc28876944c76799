// Creating and editing a merchant. Validated in the browser with the API's own schemas; the
// API's field errors land on their fields too.
import { useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { Fieldset, Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type Merchant, MerchantCreate, MerchantUpdate } from '#/api/schemas/merchant';
import { industryChoices } from '#/lib/industries';
import { invalid, V } from '#/api/validation-words';
import { R } from '#/api/record-validation-words';
import { Id } from '#/api/schemas/common';
import { FormActions } from '#/components/api-error';
import { useSaveGuard } from '#/components/leave-guard';
import { applyApiFieldErrors } from '#/components/api-field-errors';
import {
  AddressFieldset,
  CountrySelect,
  focusFirstInvalid,
  SelectField,
} from '#/components/form-fields';
import { textField } from '#/components/text-field';

import { callingCode, plainCallingCode, plainPhone } from '#/lib/phone';
import { useMerchantChoices } from '../../find/queries';
import { useCreateMerchant, usePrefillFromMerchant, useUpdateMerchant } from '../queries';
import { RecordField } from '#/components/record-field';

type Values = z.input<typeof MerchantCreate>;

/** The phone as the API takes it, from what was typed (docs/decisions/028). */
function withPlainPhone(values: Values): Values {
  const code = plainCallingCode(values.contactPhonePrefix ?? '');
  const plain = plainPhone(values.contactPhone ?? '', code, values.countryIso);
  return { ...values, contactPhonePrefix: plain.code, contactPhone: plain.phone };
}

/** The form takes spaces and a plus, so its phone errors say only what is wrong. */
const PHONE_ERRORS = {
  contactPhonePrefix: invalid(R.phonePrefix),
  contactPhone: invalid(R.phone),
} as const;

/**
 * A contact needs its owner: the create schema with the owner a required field of its own, so
 * that a missing owner shows with the other fields' errors (a refinement would wait for them).
 */
const ContactCreate = MerchantCreate.extend({
  contactOwnerBusinessId: Id.nullish().refine((id) => id != null, { error: invalid(V.required) }),
});

/** Every field of the contract's create body: where the API's field errors may land. */
const FIELDS = Object.keys(MerchantCreate.shape) as (keyof Values)[];
function initialValues(merchant?: Merchant): Values {
  return {
    name: merchant?.name ?? '',
    contactOwnerBusinessId: merchant?.contactOwnerBusinessId ?? null,
    localRegNumber: merchant?.localRegNumber ?? '',
    countryIso: merchant?.countryIso ?? '',
    state: merchant?.state ?? '',
    city: merchant?.city ?? '',
    address: merchant?.address ?? '',
    streetNumber: merchant?.streetNumber ?? '',
    zipcode: merchant?.zipcode ?? '',
    contactName: merchant?.contactName ?? '',
    contactEmail: merchant?.contactEmail ?? '',
    contactPhonePrefix: merchant?.contactPhonePrefix ?? '',
    contactPhone: merchant?.contactPhone ?? '',
    industry: (merchant?.industry ?? undefined) as Values['industry'],
  };
}

export function MerchantForm({
  merchant,
  defaultOwnerId,
  onSaved,
  onCancel,
}: {
  /** The merchant to edit; absent to create one. */
  merchant?: Merchant;
  defaultOwnerId?: number;
  onSaved: (merchant: Merchant) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const editing = merchant !== undefined;
  const create = useCreateMerchant();
  const update = useUpdateMerchant(merchant?.id ?? 0);
  const mutation = editing ? update : create;

  const [kind, setKind] = useState<'customer' | 'contact'>(defaultOwnerId ? 'contact' : 'customer');
  const kindRef = useRef(kind);
  kindRef.current = kind;
  const resolvers = useMemo(
    () => ({
      edit: zodResolver(MerchantUpdate) as unknown as Resolver<Values>,
      customer: zodResolver(MerchantCreate) as unknown as Resolver<Values>,
      contact: zodResolver(ContactCreate) as unknown as Resolver<Values>,
    }),
    [],
  );
  const form = useForm<Values>({
    // Focus goes to the first field at fault in the order shown (focusFirstInvalid).
    shouldFocusError: false,
    resolver: async (typed, context, options) => {
      const values = withPlainPhone(
        kindRef.current === 'customer' && !editing
          ? { ...typed, contactOwnerBusinessId: null }
          : typed,
      );
      const result = await (editing ? resolvers.edit : resolvers[kindRef.current])(
        values,
        context,
        options,
      );
      for (const [name, message] of Object.entries(PHONE_ERRORS)) {
        const error = result.errors[name as keyof typeof PHONE_ERRORS];
        if (error) {
          error.message = values[name as keyof typeof PHONE_ERRORS] ? message : invalid(V.required);
        }
      }
      return result;
    },
    defaultValues: {
      ...initialValues(merchant),
      ...(defaultOwnerId ? { contactOwnerBusinessId: defaultOwnerId } : {}),
    },
    mode: 'onTouched',
  });
  const { guard, saved } = useSaveGuard(form.formState.isDirty, onSaved);
  // Customers that can own a contact: every one in the local index, searched as one types.
  const customers = useMerchantChoices({ type: 'customer' }, form.watch('contactOwnerBusinessId'));
  // A new contact usually shares its owner's address (not its contact person): filled in where
  // empty.
  const prefillFromOwner = usePrefillFromMerchant(
    form,
    (owner) => ({
      countryIso: owner.countryIso,
      state: owner.state,
      city: owner.city,
      address: owner.address,
      streetNumber: owner.streetNumber,
      zipcode: owner.zipcode,
    }),
    editing ? undefined : defaultOwnerId,
  );
  // Choosing a country fills the phone's calling code, unless one of another country was typed.
  const country = form.watch('countryIso');
  const shownCountry = useRef(country);
  const filledCode = useRef<string | undefined>(undefined);
  useEffect(() => {
    const before = callingCode(shownCountry.current);
    shownCountry.current = country;
    const code = callingCode(country);
    const typed = plainCallingCode(form.getValues('contactPhonePrefix') ?? '');
    const ours = !typed || typed === before || typed === filledCode.current;
    if (code && ours && typed !== code) {
      form.setValue('contactPhonePrefix', code, { shouldDirty: true });
      filledCode.current = code;
    }
  }, [country, form]);
  const submit = form.handleSubmit((values) => {
    // The resolver already required the owner of a contact, and set a customer's to null.
    const body = values as MerchantCreate;
    const onError = (error: unknown) => applyApiFieldErrors(error, FIELDS, form.setError);
    if (editing) {
      const { contactOwnerBusinessId: _owner, ...rest } = body;
      update.mutate(rest as MerchantUpdate, { onSuccess: saved, onError });
    } else {
      create.mutate(body, { onSuccess: saved, onError });
    }
  }, focusFirstInvalid);

  return (
    <form onSubmit={submit} noValidate aria-label={editing ? t`Edit merchant` : t`New merchant`}>
      {guard.dialog}
      <Stack gap="lg">
        {!editing && (
          <Fieldset legend={t`Kind`}>
            <Stack gap="sm">
              <Radio.Group
                value={kind}
                onChange={(value) => {
                  setKind(value as 'customer' | 'contact');
                  form.clearErrors('contactOwnerBusinessId');
                }}
                label={t`This merchant is`}
                description={t`A customer does business with you directly. A contact is someone one of your customers pays or is paid by.`}
              >
                <Group mt="xs">
                  <Radio value="customer" label={t`A customer`} />
                  <Radio value="contact" label={t`A contact of a customer`} />
                </Group>
              </Radio.Group>
              {kind === 'contact' && (
                <RecordField
                  form={form}
                  name="contactOwnerBusinessId"
                  choices={customers}
                  label={t`Owner`}
                  description={t`The customer this contact belongs to`}
                  placeholder={t`Choose a customer`}
                  nothingFound={t`No customer matches`}
                  prompt={t`Choose the customer that owns this contact`}
                  none={null}
                  onChosen={(id) => void prefillFromOwner(id)}
                />
              )}
            </Stack>
          </Fieldset>
        )}

        <Fieldset legend={t`Business`}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput required {...textField(form, 'name', t`Legal name`)} />
            <TextInput
              placeholder={t`Optional: the local company number`}
              {...textField(form, 'localRegNumber', t`Registration number`)}
            />
            <SelectField
              form={form}
              name="industry"
              label={t`Industry`}
              required
              searchable
              placeholder={t`Choose an industry`}
              data={industryChoices()}
              prompt={t`Choose an industry`}
            />
            <SelectField
              form={form}
              name="countryIso"
              as={CountrySelect}
              label={t`Country`}
              required
              prompt={t`Choose a country`}
            />
          </SimpleGrid>
        </Fieldset>

        <AddressFieldset
          legend={t`Address`}
          form={form}
          required
          names={{
            street: 'address',
            number: 'streetNumber',
            postalCode: 'zipcode',
            city: 'city',
            state: 'state',
          }}
        />

        <Fieldset legend={t`Contact person`}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput required {...textField(form, 'contactName', t`Full name`)} />
            <TextInput
              type="email"
              required
              autoComplete="off"
              {...textField(form, 'contactEmail', t`Email`)}
            />
            <Group gap="sm" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={t`Phone country code`}
                required
                w={120}
                inputMode="tel"
                autoComplete="off"
                leftSection={
                  <Text size="sm" c="dimmed" aria-hidden>
                    +
                  </Text>
                }
                {...textField(form, 'contactPhonePrefix', t`Country code`, {
                  errorLabel: t`Phone country code`,
                })}
              />
              <TextInput
                required
                style={{ flex: 1 }}
                inputMode="tel"
                autoComplete="off"
                {...textField(form, 'contactPhone', t`Phone number`)}
              />
            </Group>
          </SimpleGrid>
        </Fieldset>

        <FormActions
          mutation={mutation}
          refused={t`The merchant was not saved`}
          placed={FIELDS}
          onCancel={onCancel}
        >
          {editing ? t`Save changes` : t`Create merchant`}
        </FormActions>
      </Stack>
    </form>
  );
}
