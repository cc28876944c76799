// Merchants (customers and contacts) and their onboarding agreements.
import { z } from 'zod';
import { COUNTRY_CODES, isCountryIso } from '../countries';
import { suffixPattern } from '../simulation';
import { Id, oneOf, optionalText, requiredText, Timestamp } from './common';
import { KYC_STATUSES } from '../list-choices';
import { invalid, V } from '../validation-words';
import { R } from '../record-validation-words';
import type { Words } from '#/i18n/words';

export { KYC_STATUSES };
export const KycStatus = z.enum(KYC_STATUSES);
export type KycStatus = z.infer<typeof KycStatus>;

export const INDUSTRIES = [
  'AGRICULTURE_FORESTRY_WILDLIFE',
  'BUSINESS_INFORMATION',
  'CONSTRUCTION_UTILITIES_CONTRACTING',
  'EDUCATION',
  'FINANCE_INSURANCE',
  'FOOD_HOSPITALITY',
  'GAMING',
  'HEALTH_SERVICES',
  'MOTOR_VEHICLE',
  'NATURAL_RESOURCES_ENVIRONMENTAL',
  'PERSONAL_SERVICES',
  'REAL_ESTATE_HOUSING',
  'SAFETY_SECURITY_LEGAL',
  'TRANSPORTATION',
  'GARMENTS',
  'PHARMACEUTICALS',
  'TECHNOLOGY',
  'MANUFACTURING',
  'ENTERTAINMENT',
  'TELECOMMUNICATIONS',
] as const;
export const Industry = oneOf(INDUSTRIES);
export type Industry = z.infer<typeof Industry>;

// A string refined rather than a zod enum, so that forms keep plain string fields; the OpenAPI
// document still lists every code.
export const CountryIsoInput = z
  .string({ error: invalid(R.countryCode) })
  .refine(isCountryIso, { error: invalid(R.countryIso) })
  .meta({ enum: COUNTRY_CODES });

export const MERCHANT_LIMITS = { name: 200, text: 100, email: 254 } as const;

const merchantFields = {
  name: requiredText(MERCHANT_LIMITS.name),
  localRegNumber: optionalText(MERCHANT_LIMITS.text).meta({
    description:
      'Local registration number. Sandbox: ending it in |STATUS (exactly a kycStatus value, such as |VALID) sets kycStatus to that value; anything else after a last | is refused.',
    pattern: suffixPattern(KYC_STATUSES),
  }),
  countryIso: CountryIsoInput,
  state: optionalText(MERCHANT_LIMITS.text),
  city: requiredText(MERCHANT_LIMITS.text),
  address: requiredText(MERCHANT_LIMITS.text),
  streetNumber: requiredText(MERCHANT_LIMITS.text),
  zipcode: requiredText(MERCHANT_LIMITS.text),
  contactName: requiredText(MERCHANT_LIMITS.name),
  contactEmail: z
    .string({ error: invalid(V.email) })
    .trim()
    .max(MERCHANT_LIMITS.email, { error: invalid(V.maxChars, { max: MERCHANT_LIMITS.email }) })
    .pipe(z.email({ error: invalid(V.email) }))
    // The server's own rule, not `format: email`, which takes addresses it refuses.
    .meta({
      pattern: z.regexes.email.source,
      description:
        'An email address at a domain name whose last label has two letters or more: an address at an IP (ops@[127.0.0.1]) or a one-letter top-level domain (a@b.c) is refused.',
    }),
  contactPhonePrefix: z
    .string({ error: invalid(R.phonePrefix) })
    .trim()
    .regex(/^\d{1,4}$/, { error: invalid(R.phonePrefixPlain) }),
  contactPhone: z
    .string({ error: invalid(R.phone) })
    .trim()
    .regex(/^\d{4,15}$/, { error: invalid(R.phonePlain) }),
  industry: Industry,
};

/** Body of `PUT /v1/business/{id}`. Absent optional fields keep their stored value. */
export const MerchantUpdate = z.object(merchantFields).meta({ id: 'MerchantUpdate' });

/** Body of `POST /v1/business/`: no owner makes a customer, an owner makes a contact. */
export const MerchantCreate = z
  .object({
    ...merchantFields,
    contactOwnerBusinessId: Id.nullish().meta({
      description: 'Absent or null creates a customer; the id of a customer creates its contact.',
    }),
  })
  .meta({ id: 'MerchantCreate' });

export const Merchant = z
  .object({
    id: Id,
    creationTime: Timestamp,
    lastUpdateTime: Timestamp,
    name: z.string(),
    contactOwnerBusinessId: Id.nullish(),
    localRegNumber: z.string().nullable().meta({
      description: 'Always present; null when the merchant was created without one.',
    }),
    countryIso: z.string(),
    state: z.string().nullish(),
    city: z.string().nullish(),
    address: z.string().nullish(),
    streetNumber: z.string().nullish(),
    zipcode: z.string().nullish(),
    kycStatus: KycStatus,
    contactName: z.string().nullish(),
    contactEmail: z.string().nullish(),
    contactPhonePrefix: z.string().nullish(),
    contactPhone: z.string().nullish(),
    industry: Industry.nullish(),
  })
  .meta({ id: 'Merchant' });

/**
 * A merchant as the sandbox sends it and its document states it (docs/decisions/039): every
 * field present; only the owner, the registration number and the state may be null. Named
 * `Merchant` too: the sandbox's document has only this one, the dashboard's only the other.
 */
export const SentMerchant = Merchant.extend({
  contactOwnerBusinessId: Id.nullable().meta({
    description: 'The customer this contact belongs to; null for a customer.',
  }),
  state: z.string().nullable(),
  city: z.string(),
  address: z.string(),
  streetNumber: z.string(),
  zipcode: z.string(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhonePrefix: z.string(),
  contactPhone: z.string(),
  industry: Industry,
}).meta({ id: 'Merchant' });

export type MerchantCreate = z.input<typeof MerchantCreate>;
export type MerchantUpdate = z.input<typeof MerchantUpdate>;
export type Merchant = z.infer<typeof Merchant>;

export const Agreement = z
  .object({
    id: Id,
    name: z.string(),
    version: z.string(),
    url: z.string(),
    accepted: z.boolean(),
    acceptedTime: Timestamp.nullable(),
  })
  .meta({ id: 'Agreement' });
export const AgreementList = z.array(Agreement);
export type Agreement = z.infer<typeof Agreement>;

export const AgreementAccept = z
  .object({
    agreementIds: z
      .array(Id, { error: invalid(R.agreementIds) })
      .min(1, { error: invalid(R.oneAgreement) })
      .max(50, { error: invalid(R.maxAgreements, { max: 50 }) }),
  })
  .meta({ id: 'AgreementAccept' });
export type AgreementAccept = z.infer<typeof AgreementAccept>;

/** The documents a merchant's KYC review asks for (docs/decisions/073). */
export const KYC_DOCUMENT_TYPES = [
  'CERTIFICATE_OF_INCORPORATION',
  'PROOF_OF_ADDRESS',
  'DIRECTOR_ID',
] as const;
export type KycDocumentType = (typeof KYC_DOCUMENT_TYPES)[number];

export const KYC_DOCUMENT_NAME: Record<KycDocumentType, string> = {
  CERTIFICATE_OF_INCORPORATION: 'Certificate of incorporation or trade register extract',
  PROOF_OF_ADDRESS: 'Proof of the business address, less than three months old',
  DIRECTOR_ID: 'Identity document of a director',
};

export const KycDocument = z
  .object({
    id: Id,
    type: z.enum(KYC_DOCUMENT_TYPES),
    fileId: Id,
    fileName: z.string(),
    creationTime: Timestamp,
  })
  .meta({ id: 'KycDocument' });
export type KycDocument = z.infer<typeof KycDocument>;

export const KycDocuments = z
  .object({
    /** Each document the review asks for, and whether one has been given. */
    required: z.array(
      z.object({ type: z.enum(KYC_DOCUMENT_TYPES), name: z.string(), provided: z.boolean() }),
    ),
    /** What was given, newest first. */
    documents: z.array(KycDocument),
    /**
     * While the KYC status is ACTION_NEEDED: what the review asks for, in words, and the
     * documents it asks for; null otherwise.
     */
    actionNeeded: z
      .object({ reason: z.string(), types: z.array(z.enum(KYC_DOCUMENT_TYPES)) })
      .nullable(),
  })
  .meta({ id: 'KycDocuments' });
export type KycDocuments = z.infer<typeof KycDocuments>;

export const KycDocumentAdd = z
  .object({
    type: oneOf(KYC_DOCUMENT_TYPES),
    fileId: Id,
  })
  .meta({ id: 'KycDocumentAdd' });
export type KycDocumentAdd = z.input<typeof KycDocumentAdd>;

/**
 * What each KYC status means for the people who act on it (the API says only the status: for
 * ACTION_NEEDED it gives no reason, so the dashboard says where to look and what it can do).
 */
export const KYC_STATUS_MEANING: Record<KycStatus, Words> = {
  NEW: /*i18n*/ {
    id: 'kyc.meaning.NEW',
    message: 'Created, not onboarded yet: accept its agreements and submit onboarding.',
  },
  PENDING: /*i18n*/ {
    id: 'kyc.meaning.PENDING',
    message: 'Waiting for onboarding: accept its agreements and submit onboarding.',
  },
  PENDING_REVIEW: /*i18n*/ {
    id: 'kyc.meaning.PENDING_REVIEW',
    message: 'Onboarding is submitted and waits for the review.',
  },
  UNDER_REVIEW: /*i18n*/ {
    id: 'kyc.meaning.UNDER_REVIEW',
    message: 'Onboarding is being reviewed; the status changes when the review is done.',
  },
  VALID: /*i18n*/ { id: 'kyc.meaning.VALID', message: 'Verified: it can send transactions.' },
  FLAGGED: /*i18n*/ {
    id: 'kyc.meaning.FLAGGED',
    message: 'The review flagged it: it cannot send. Ask the payments service why.',
  },
  ACTION_NEEDED: /*i18n*/ {
    id: 'kyc.meaning.ACTION_NEEDED',
    message:
      'The review asked for more: give what it asks for below, correct the details if they are wrong, accept any new agreement, and submit onboarding again.',
  },
  ABANDONED: /*i18n*/ {
    id: 'kyc.meaning.ABANDONED',
    message: 'Onboarding was abandoned: it cannot send. Create the merchant again to start over.',
  },
};
