// Payout accounts: the bank accounts of a merchant that receive funds.
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { Id, IdParam, PageQuery, Timestamp, optionalText, requiredText } from './common';
import { ACCOUNT_STATUSES } from '../list-choices';
import { suffixPattern } from '../simulation';
import { CountryIsoInput } from './merchant';
import { invalid, V } from '../validation-words';
import { R } from '../record-validation-words';

export { ACCOUNT_STATUSES };
export const AccountStatus = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof AccountStatus>;

const TEXT = 100;

/** IBAN with its checksum checked; spaces removed and letters upper-cased before storing. */
export const IbanInput = z
  .string({ error: invalid(R.iban) })
  .trim()
  .max(64, { error: invalid(V.maxChars, { max: 64 }) })
  .transform((value) => electronicFormatIBAN(value) ?? value)
  .refine((value) => isValidIBAN(value), {
    error: invalid(R.ibanInvalid),
  });

/** BIC (SWIFT code): 8 or 11 characters, upper-cased before storing. */
export const BicInput = z
  .string({ error: invalid(R.bic) })
  .trim()
  .max(11, { error: invalid(R.bicLength) })
  .transform((value) => value.toUpperCase())
  .refine((value) => isValidBIC(value), {
    error: invalid(R.bicInvalid),
  });

const accountFields = {
  accountNumber: optionalText(TEXT).meta({
    description:
      'Sandbox: ending it in |STATUS (exactly an accountStatus value, such as |ACTIVE) sets accountStatus to that value; anything else after a last | is refused.',
    pattern: suffixPattern(ACCOUNT_STATUSES),
  }),
  accountHolderName: requiredText(200),
  bankName: requiredText(200),
  swiftCode: BicInput.nullish(),
  iban: IbanInput.nullish(),
  routingNumber: optionalText(TEXT),
  countryIso: CountryIsoInput,
  address: optionalText(TEXT),
  streetNumber: optionalText(TEXT),
  city: optionalText(TEXT),
  state: optionalText(TEXT),
  zipCode: optionalText(TEXT),
};

const hasAccountNumberOrIban = (value: { accountNumber?: string | null; iban?: string | null }) =>
  Boolean(value.accountNumber || value.iban);
const accountNumberOrIban = {
  error: invalid(R.requiredWithoutIban),
  path: ['accountNumber'],
};

/** Body of `POST /v1/businessExternalAccount/`. */
export const PayoutAccountCreate = z
  .object({
    businessId: Id,
    currencySymbol: requiredText(20, { type: invalid(R.currencySymbol) }),
    ...accountFields,
  })
  .refine(hasAccountNumberOrIban, accountNumberOrIban)
  .meta({
    id: 'PayoutAccountCreate',
    // The refinement above, in JSON Schema's words.
    anyOf: [
      {
        required: ['accountNumber'],
        properties: { accountNumber: { type: 'string', pattern: '\\S' } },
      },
      { required: ['iban'], properties: { iban: { type: 'string', pattern: '\\S' } } },
    ],
  });

/** Body of `PUT /v1/businessExternalAccount/{id}`. Absent optional fields keep their stored value. */
export const PayoutAccountUpdate = z.object(accountFields).meta({
  id: 'PayoutAccountUpdate',
  description:
    'The account as updated (the stored fields with these over them) must still have an account number or an IBAN: clearing the one it has without the other is refused.',
});

export const PayoutAccount = z
  .object({
    id: Id,
    creationTime: Timestamp,
    lastUpdateTime: Timestamp,
    accountNumber: z.string().nullish(),
    accountHolderName: z.string(),
    bankName: z.string(),
    swiftCode: z.string().nullish(),
    iban: z.string().nullish(),
    routingNumber: z.string().nullish(),
    countryIso: z.string(),
    address: z.string().nullish(),
    streetNumber: z.string().nullish(),
    city: z.string().nullish(),
    state: z.string().nullish(),
    zipCode: z.string().nullish(),
    businessId: Id,
    currencySymbol: z.string(),
    accountStatus: AccountStatus,
  })
  .meta({ id: 'PayoutAccount' });

/**
 * A payout account as the sandbox sends it (docs/decisions/039): every field present. Named
 * `PayoutAccount` too: the sandbox's document has only this one, the dashboard's only the other.
 */
const present = z.string().nullable();
export const SentPayoutAccount = PayoutAccount.extend({
  accountNumber: present,
  swiftCode: present,
  iban: present,
  routingNumber: present,
  address: present,
  streetNumber: present,
  city: present,
  state: present,
  zipCode: present,
}).meta({ id: 'PayoutAccount' });

export const PayoutAccountListQuery = PageQuery.extend({
  businessId: IdParam.optional(),
  currencySymbol: z
    .string()
    .max(20, { error: invalid(V.maxChars, { max: 20 }) })
    .optional(),
});

export type PayoutAccountCreate = z.input<typeof PayoutAccountCreate>;
export type PayoutAccountUpdate = z.input<typeof PayoutAccountUpdate>;
export type PayoutAccount = z.infer<typeof PayoutAccount>;
