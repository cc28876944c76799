// What admins are told of the SAML provider (docs/decisions/085), in each admin's language
// (decision 091). What went wrong fetching the metadata stays as the fetch or the parser said it.
export const PROVIDER_NOTICE = {
  metadataTitle: /*i18n*/ {
    id: 'samlNotice.metadataTitle',
    message: 'The SAML provider’s metadata cannot be fetched',
  },
  metadataBody: /*i18n*/ {
    id: 'samlNotice.metadataBody',
    message:
      '{problem} Sign-in goes on with the certificates kept; when the provider changes them, sign-in stops until the metadata can be fetched.',
  },
  expiredTitle: /*i18n*/ {
    id: 'samlNotice.expiredTitle',
    message: 'The SAML provider’s certificate has expired',
  },
  expiresTitle: /*i18n*/ {
    id: 'samlNotice.expiresTitle',
    message:
      'The SAML provider’s certificate expires in {days, plural, one {# day} other {# days}}',
  },
  expiresBodyFetched: /*i18n*/ {
    id: 'samlNotice.expiresBodyFetched',
    message:
      '{entityId} signs with a certificate good until {when} UTC, and publishes no newer one. Its metadata is fetched every six hours: a new certificate is taken as soon as the provider publishes it.',
  },
  expiresBodyPasted: /*i18n*/ {
    id: 'samlNotice.expiresBodyPasted',
    message:
      '{entityId} signs with a certificate good until {when} UTC, and publishes no newer one. Its metadata was pasted: paste the new metadata (or give its URL) once the provider has a new certificate, or sign-in will stop.',
  },
};
