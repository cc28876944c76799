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

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const PROTOCOL = 'urn:oasis:names:tc:SAML:2.0:protocol';
const BEARER = 'urn:oasis:names:tc:SAML:2.0:cm:bearer';
/** Signature algorithms taken: RSA or ECDSA with SHA-256 or stronger (decision 084). */
export const SIGNATURE_ALGORITHMS = new Set([
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha384',
  'http://www.w3.org/2001/04/xmldsig-more#rsa-sha512',
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256',
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha384',
  'http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha512',
]);
/** Digest algorithms taken: SHA-256 or stronger. */
export const DIGEST_ALGORITHMS = new Set([
  'http://www.w3.org/2001/04/xmlenc#sha256',
  'http://www.w3.org/2001/04/xmldsig-more#sha384',
  'http://www.w3.org/2001/04/xmlenc#sha512',
]);

/**
 * The rules of SAML 2.0 core and bindings (and OWASP's SAML cheat sheet) that node-saml does not
 * check, checked on the response as posted, before its signature is (decision 084): one
 * assertion, and none encrypted; the response's and the assertion's Issuer are the provider's
 * entity ID; a Destination, which a signed response must carry, is our ACS URL; every signature
 * and digest algorithm is on the allow-list; the subject is confirmed as bearer, each bearer
 * confirmation for our ACS URL with a NotOnOrAfter. Each refusal names its rule.
 */
export function checkResponseLetter(
  xml: string,
  expected: { issuer: string; acsUrl: string },
): void {
  const document = new DOMParser().parseFromString(xml, 'text/xml');
  const response = document.documentElement;
  if (!response || response.namespaceURI !== PROTOCOL || response.localName !== 'Response')
    throw new XmlRefused('The message is not a SAML response.');
  const all = (ns: string, name: string) => Array.from(document.getElementsByTagNameNS(ns, name));
  const children = (parent: Element, ns: string, name: string) =>
    Array.from(parent.childNodes).filter(
      (n): n is Element =>
        n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name,
    );
  const assertions = all(ASSERTION, 'Assertion');
  if (all(ASSERTION, 'EncryptedAssertion').length > 0)
    throw new XmlRefused('one assertion: encrypted assertions are not taken');
  if (assertions.length !== 1)
    throw new XmlRefused(`one assertion: the response holds ${assertions.length}`);
  const assertion = assertions[0]!;
  const issuerOf = (element: Element) =>
    children(element, ASSERTION, 'Issuer')[0]?.textContent?.trim();
  const responseIssuer = issuerOf(response);
  if (responseIssuer !== undefined && responseIssuer !== expected.issuer)
    throw new XmlRefused(`issuer: the response is from ${responseIssuer}`);
  if (issuerOf(assertion) !== expected.issuer)
    throw new XmlRefused(`issuer: the assertion is from ${issuerOf(assertion) ?? 'nobody'}`);
  const destination = response.getAttribute('Destination');
  const signedWhole = children(response, DSIG, 'Signature').length > 0;
  if (signedWhole && !destination)
    throw new XmlRefused('destination: a signed response must name its Destination');
  if (destination && destination !== expected.acsUrl)
    throw new XmlRefused(`destination: the response is for ${destination}`);
  for (const method of all(DSIG, 'SignatureMethod'))
    if (!SIGNATURE_ALGORITHMS.has(method.getAttribute('Algorithm') ?? ''))
      throw new XmlRefused(`algorithm: signature ${method.getAttribute('Algorithm')} is not taken`);
  for (const method of all(DSIG, 'DigestMethod'))
    if (!DIGEST_ALGORITHMS.has(method.getAttribute('Algorithm') ?? ''))
      throw new XmlRefused(`algorithm: digest ${method.getAttribute('Algorithm')} is not taken`);
  const bearers = Array.from(
    assertion.getElementsByTagNameNS(ASSERTION, 'SubjectConfirmation'),
  ).filter((c) => c.getAttribute('Method') === BEARER);
  if (bearers.length === 0) throw new XmlRefused('bearer: the subject is not confirmed as bearer');
  for (const bearer of bearers) {
    const data = children(bearer, ASSERTION, 'SubjectConfirmationData')[0];
    if (!data || data.getAttribute('Recipient') !== expected.acsUrl)
      throw new XmlRefused('bearer: a confirmation is for another recipient');
    if (!Number.isFinite(Date.parse(data.getAttribute('NotOnOrAfter') ?? '')))
      throw new XmlRefused('bearer: a confirmation has no NotOnOrAfter');
  }
}
