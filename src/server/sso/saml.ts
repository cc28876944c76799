// The SAML 2.0 service provider (docs/decisions/053), on node-saml: SP-initiated sign-in by the
// HTTP-Redirect binding, responses by HTTP-POST at the assertion consumer service; assertions
// must be signed by one of the provider's certificates, for this audience and recipient, within
// their time (`NotOnOrAfter`), answering one of our requests when they say they do
// (`InResponseTo`), or IdP-initiated; each used once.
import type { CacheProvider, SAML } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { nodeSaml } from '../lazy-packages';
import type { SamlConnection } from '../store/sso';
import { refuseDoctype, XmlRefused } from './saml-metadata';

export const SAML_PATHS = { acs: '/sso/saml/acs', metadata: '/sso/saml/metadata' } as const;
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';

export interface ServiceProvider {
  entityId: string;
  acsUrl: string;
  metadataUrl: string;
}

export const serviceProviderOf = (origin: string): ServiceProvider => ({
  entityId: `${origin}${SAML_PATHS.metadata}`,
  acsUrl: `${origin}${SAML_PATHS.acs}`,
  metadataUrl: `${origin}${SAML_PATHS.metadata}`,
});

/** The service provider for a connection (node-saml is loaded on the first SAML request). */
export async function samlOf(
  sp: ServiceProvider,
  connection: Pick<SamlConnection, 'entityId' | 'entryPoint' | 'certificates'>,
  requests: CacheProvider,
): Promise<SAML> {
  const { SAML, ValidateInResponseTo } = await nodeSaml();
  return new SAML({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    entryPoint: connection.entryPoint,
    idpIssuer: connection.entityId,
    idpCert: connection.certificates,
    wantAssertionsSigned: true,
    wantAuthnResponseSigned: false,
    validateInResponseTo: ValidateInResponseTo.ifPresent,
    requestIdExpirationPeriodMs: 10 * 60 * 1000,
    cacheProvider: requests,
    acceptedClockSkewMs: 60_000,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
  });
}

/** The metadata this service provider gives identity providers. */
export const serviceProviderMetadata = async (sp: ServiceProvider) =>
  (
    await samlOf(
      sp,
      { entityId: '', entryPoint: '', certificates: ['none'] },
      {
        saveAsync: async () => null,
        getAsync: async () => null,
        removeAsync: async () => null,
      },
    )
  ).generateServiceProviderMetadata(null, null);

/**
 * The response as sent, before node-saml reads it: base64 XML without a document type, entities
 * or comments (no SAML message needs them; attacks do: a comment inside the NameID changes what
 * a reader takes from signed text).
 */
export function checkedResponseXml(samlResponse: string): string {
  if (!/^[A-Za-z0-9+/=\s]+$/.test(samlResponse))
    throw new XmlRefused('The SAMLResponse is not base64.');
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  refuseDoctype(xml);
  if (xml.includes('<!--'))
    throw new XmlRefused('The response holds XML comments, which are refused.');
  return xml;
}

/**
 * The assertion's ID and until when it may be used (for refusing it a second time), checked to
 * be meant for this consumer service: every bearer confirmation's Recipient is `acsUrl`.
 */
export function assertionLife(
  assertionXml: string,
  acsUrl: string,
): { id: string; notOnOrAfter: number } {
  const document = new DOMParser().parseFromString(assertionXml, 'text/xml');
  const assertion = document.documentElement;
  const id = assertion?.getAttribute('ID') ?? '';
  const times = [
    ...Array.from(document.getElementsByTagNameNS(ASSERTION, 'Conditions')),
    ...Array.from(document.getElementsByTagNameNS(ASSERTION, 'SubjectConfirmationData')),
  ]
    .map((e) => Date.parse(e.getAttribute('NotOnOrAfter') ?? ''))
    .filter((t) => Number.isFinite(t));
  if (!id) throw new XmlRefused('The assertion has no ID.');
  const recipients = Array.from(
    document.getElementsByTagNameNS(ASSERTION, 'SubjectConfirmationData'),
  ).map((e) => e.getAttribute('Recipient'));
  if (recipients.length === 0 || recipients.some((r) => r !== acsUrl))
    throw new XmlRefused('The assertion is meant for another recipient.');
  return { id, notOnOrAfter: times.length > 0 ? Math.max(...times) : Date.now() + 10 * 60_000 };
}
