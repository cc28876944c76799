// The words people read for the API's field names. A field error is shown under its field in the
// form's own words; one that reaches an alert (no field on screen holds it) is named from here,
// never by its wire name (docs/decisions/019).

const LABELS: Record<string, string> = {
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

/** "toAmount" → "Payout amount"; an unknown name in words ("someField" → "Some field"). */
export function fieldLabel(field: string): string {
  const name = field.split('.')[0] ?? field;
  const known = LABELS[name];
  if (known) return known;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase()
    .trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : field;
}
