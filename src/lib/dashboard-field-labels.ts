// The words people read for the API's fields once signed in (docs/decisions/019, 091): merchants,
// payout accounts, transactions, settings and scenario files. They join the signed-out labels of
// ./field-labels.ts when the signed-in dashboard loads, so that the sign-in page's first load
// and its catalog stay small.
import type { Words } from '#/i18n/words';
import { addFieldLabels } from './field-labels';

export const DASHBOARD_LABELS: Record<string, Words> = {
  // Single sign-on
  metadataUrl: /*i18n*/ { id: 'field.metadataUrl', message: 'Metadata URL' },
  metadataXml: /*i18n*/ { id: 'field.metadataXml', message: 'The provider’s metadata' },
  emailAttribute: /*i18n*/ { id: 'field.emailAttribute', message: 'Email attribute' },
  nameAttribute: /*i18n*/ { id: 'field.nameAttribute', message: 'Name attribute' },
  groupsAttribute: /*i18n*/ { id: 'field.groupsAttribute', message: 'Groups attribute' },
  allowIdpInitiated: /*i18n*/ {
    id: 'field.allowIdpInitiated',
    message: 'Sign-in started at the provider',
  },
  clientAuth: /*i18n*/ { id: 'field.clientAuth', message: 'Client authentication' },
  tenant: /*i18n*/ { id: 'field.tenant', message: 'Tenant' },
  preset: /*i18n*/ { id: 'field.preset', message: 'Provider' },
  // Merchants
  name: /*i18n*/ { id: 'field.name', message: 'Name' },
  contactOwnerBusinessId: /*i18n*/ { id: 'field.contactOwnerBusinessId', message: 'Owner' },
  localRegNumber: /*i18n*/ { id: 'field.localRegNumber', message: 'Registration number' },
  countryIso: /*i18n*/ { id: 'field.countryIso', message: 'Country' },
  state: /*i18n*/ { id: 'field.state', message: 'State or region' },
  city: /*i18n*/ { id: 'field.city', message: 'City' },
  address: /*i18n*/ { id: 'field.address', message: 'Street' },
  streetNumber: /*i18n*/ { id: 'field.streetNumber', message: 'Street number' },
  zipcode: /*i18n*/ { id: 'field.zipcode', message: 'Postal code' },
  zipCode: /*i18n*/ { id: 'field.zipCode', message: 'Postal code' },
  contactName: /*i18n*/ { id: 'field.contactName', message: 'Contact name' },
  contactEmail: /*i18n*/ { id: 'field.contactEmail', message: 'Contact email' },
  contactPhonePrefix: /*i18n*/ { id: 'field.contactPhonePrefix', message: 'Phone country code' },
  contactPhone: /*i18n*/ { id: 'field.contactPhone', message: 'Phone number' },
  industry: /*i18n*/ { id: 'field.industry', message: 'Industry' },
  // Payout accounts
  businessId: /*i18n*/ { id: 'field.businessId', message: 'Merchant' },
  currencySymbol: /*i18n*/ { id: 'field.currencySymbol', message: 'Currency' },
  accountNumber: /*i18n*/ { id: 'field.accountNumber', message: 'Account number' },
  accountHolderName: /*i18n*/ { id: 'field.accountHolderName', message: 'Account holder' },
  bankName: /*i18n*/ { id: 'field.bankName', message: 'Bank name' },
  swiftCode: /*i18n*/ { id: 'field.swiftCode', message: 'BIC / SWIFT code' },
  iban: /*i18n*/ { id: 'field.iban', message: 'IBAN' },
  routingNumber: /*i18n*/ { id: 'field.routingNumber', message: 'Routing number' },
  // Prices and transactions
  fromBusinessId: /*i18n*/ { id: 'field.fromBusinessId', message: 'Sender' },
  toBusinessExternalAccountId: /*i18n*/ {
    id: 'field.toBusinessExternalAccountId',
    message: 'Payout account',
  },
  fromCurrencySymbol: /*i18n*/ { id: 'field.fromCurrencySymbol', message: 'Deposit currency' },
  toCurrencySymbol: /*i18n*/ { id: 'field.toCurrencySymbol', message: 'Payout currency' },
  toAmount: /*i18n*/ { id: 'field.toAmount', message: 'Payout amount' },
  purpose: /*i18n*/ { id: 'field.purpose', message: 'Purpose' },
  invoiceUrl: /*i18n*/ { id: 'field.invoiceUrl', message: 'Invoice' },
  depositConfirmationUrl: /*i18n*/ {
    id: 'field.depositConfirmationUrl',
    message: 'Deposit confirmation',
  },
  reason: /*i18n*/ { id: 'field.reason', message: 'Reason' },
  otherReason: /*i18n*/ { id: 'field.otherReason', message: 'Reason in words' },
  fromDate: /*i18n*/ { id: 'field.fromDate', message: 'From date' },
  toDate: /*i18n*/ { id: 'field.toDate', message: 'To date' },
  file: /*i18n*/ { id: 'field.file', message: 'File' },
  // Dashboard
  apiKey: /*i18n*/ { id: 'field.apiKey', message: 'API key' },
  apiSecret: /*i18n*/ { id: 'field.apiSecret', message: 'API secret' },
  roles: /*i18n*/ { id: 'field.roles', message: 'Roles' },
  url: /*i18n*/ { id: 'field.url', message: 'Address' },
  action: /*i18n*/ { id: 'field.action', message: 'Action' },
  currency: /*i18n*/ { id: 'field.currency', message: 'Currency' },
  minAmount: /*i18n*/ { id: 'field.minAmount', message: 'From amount' },
  requireTotp: /*i18n*/ { id: 'field.requireTotp', message: 'Second step' },
};

// A scenario file's own fields (docs/decisions/024).
export const SCENARIO_LABELS: Record<string, Words> = {
  ref: /*i18n*/ { id: 'scenario.ref', message: 'Ref' },
  owner: /*i18n*/ { id: 'scenario.owner', message: 'Owner' },
  merchant: /*i18n*/ { id: 'scenario.merchant', message: 'Merchant' },
  from: /*i18n*/ { id: 'scenario.from', message: 'Sender' },
  to: /*i18n*/ { id: 'scenario.to', message: 'Payout account' },
  kycStatus: /*i18n*/ { id: 'scenario.kycStatus', message: 'KYC status' },
  accountStatus: /*i18n*/ { id: 'scenario.accountStatus', message: 'Account status' },
  agreementsAccepted: /*i18n*/ {
    id: 'scenario.agreementsAccepted',
    message: 'Agreements accepted',
  },
  product: /*i18n*/ { id: 'scenario.product', message: 'Product' },
  cancel: /*i18n*/ { id: 'scenario.cancel', message: 'Cancellation' },
};

addFieldLabels(DASHBOARD_LABELS, SCENARIO_LABELS);
