// The words people read for the API's field names. A field error is shown under its field in the
// form's own words; one that reaches an alert (no field on screen holds it) is named from here,
// never by its wire name (docs/decisions/019).

const LABELS: Record<string, string> = {
  // Single sign-on
  metadataUrl: 'Metadata URL',
  metadataXml: 'The provider’s metadata',
  emailAttribute: 'Email attribute',
  nameAttribute: 'Name attribute',
  groupsAttribute: 'Groups attribute',
  allowIdpInitiated: 'Sign-in started at the provider',
  clientAuth: 'Client authentication',
  tenant: 'Tenant',
  preset: 'Provider',
  // Merchants
  name: 'Name',
  contactOwnerBusinessId: 'Owner',
  localRegNumber: 'Registration number',
  countryIso: 'Country',
  state: 'State or region',
  city: 'City',
  address: 'Street',
  streetNumber: 'Street number',
  zipcode: 'Postal code',
  zipCode: 'Postal code',
  contactName: 'Contact name',
  contactEmail: 'Contact email',
  contactPhonePrefix: 'Phone country code',
  contactPhone: 'Phone number',
  industry: 'Industry',
  // Payout accounts
  businessId: 'Merchant',
  currencySymbol: 'Currency',
  accountNumber: 'Account number',
  accountHolderName: 'Account holder',
  bankName: 'Bank name',
  swiftCode: 'BIC / SWIFT code',
  iban: 'IBAN',
  routingNumber: 'Routing number',
  // Prices and transactions
  fromBusinessId: 'Sender',
  toBusinessExternalAccountId: 'Payout account',
  fromCurrencySymbol: 'Deposit currency',
  toCurrencySymbol: 'Payout currency',
  toAmount: 'Payout amount',
  purpose: 'Purpose',
  invoiceUrl: 'Invoice',
  depositConfirmationUrl: 'Deposit confirmation',
  reason: 'Reason',
  otherReason: 'Reason in words',
  fromDate: 'From date',
  toDate: 'To date',
  file: 'File',
  // Dashboard
  apiKey: 'API key',
  apiSecret: 'API secret',
  email: 'Email',
  password: 'Password',
  current: 'Current password',
  next: 'New password',
  code: 'Code',
  roles: 'Roles',
  url: 'Address',
  action: 'Action',
  currency: 'Currency',
  minAmount: 'From amount',
  requireTotp: 'Second step',
};

// A scenario file's own fields (docs/decisions/024).
const SCENARIO_LABELS: Record<string, string> = {
  ref: 'Ref',
  owner: 'Owner',
  merchant: 'Merchant',
  from: 'Sender',
  to: 'Payout account',
  kycStatus: 'KYC status',
  accountStatus: 'Account status',
  agreementsAccepted: 'Agreements accepted',
  product: 'Product',
  cancel: 'Cancellation',
};
const SCENARIO_KINDS: Record<string, string> = {
  merchants: 'Merchant',
  payoutAccounts: 'Payout account',
  transactions: 'Transaction',
};

/** "Name" → "name", but "IBAN" stays. */
const inSentence = (label: string) =>
  /^[A-Z][a-z]/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;

/**
 * A field of a scenario file: "scenario.merchants.2.name" → "Merchant 3 of the file: name",
 * "scenario.transactions.0.steps.1" → "Transaction 1 of the file: step 2".
 */
function scenarioFieldLabel(path: string[]): string {
  const [list, index, ...rest] = path;
  const kind = SCENARIO_KINDS[list ?? ''];
  if (!kind || index === undefined || !/^\d+$/.test(index))
    return list === 'scenario'
      ? 'Scenario format version'
      : `Scenario ${inSentence(fieldLabel(path.join('.')))}`;
  const where = `${kind} ${Number(index) + 1} of the file`;
  if (rest.length === 0) return where;
  if (rest[0] === 'steps' && rest[1] !== undefined) return `${where}: step ${Number(rest[1]) + 1}`;
  const inner = SCENARIO_LABELS[rest[0]!] ?? fieldLabel(rest.join('.'));
  return `${where}: ${inSentence(inner)}`;
}

/** "toAmount" → "Payout amount"; an unknown name in words ("someField" → "Some field"). */
export function fieldLabel(field: string): string {
  const path = field.split('.');
  if (path[0] === 'scenario' && path.length > 1) return scenarioFieldLabel(path.slice(1));
  const name = path[0] ?? field;
  const known = LABELS[name];
  if (known) return known;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : field;
}
