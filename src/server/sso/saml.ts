// The SAML 2.0 service provider (docs/decisions/053), on node-saml: SP-initiated sign-in by the
// HTTP-Redirect binding, responses by HTTP-POST at the assertion consumer service; assertions
// must be signed by one of the provider's certificates, for this audience and recipient, within
// their time (`NotOnOrAfter`), answering one of our requests when they say they do
// (`InResponseTo`), or IdP-initiated; each used once.
import type { CacheProvider, SAML } from '@node-saml/node-saml';
import { DOMParser } from '@xmldom/xmldom';
import { nodeSaml, xmlEncryption } from '../lazy-packages';
import type { SamlConnection } from '../store/sso';
import type { SamlKeys } from './own-keys';
import { refuseDoctype, XmlRefused } from './saml-metadata';

/** Where the OpenID provider reads the dashboard's public key for private_key_jwt. */
export const OIDC_JWKS_PATH = '/sso/oidc/jwks.json';

export const SAML_PATHS = {
  acs: '/sso/saml/acs',
  metadata: '/sso/saml/metadata',
  logout: '/sso/saml/logout',
} as const;
const ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';

export interface ServiceProvider {
  entityId: string;
  acsUrl: string;
  metadataUrl: string;
  logoutUrl: string;
}

/**
 * This service provider at `origin`, which is PUBLIC_URL where it is set (never the Host a
 * request named): its entity id is its metadata's URL, fixed by it (docs/decisions/085).
 */
export const serviceProviderOf = (origin: string): ServiceProvider => ({
  entityId: `${origin}${SAML_PATHS.metadata}`,
  acsUrl: `${origin}${SAML_PATHS.acs}`,
  metadataUrl: `${origin}${SAML_PATHS.metadata}`,
  logoutUrl: `${origin}${SAML_PATHS.logout}`,
});

/** What node-saml is told of the provider. */
export type SamlProvider = Pick<
  SamlConnection,
  'entityId' | 'entryPoint' | 'certificates' | 'signsRequests' | 'logoutUrl' | 'allowIdpInitiated'
>;

/**
 * The service provider for a connection (node-saml is loaded on the first SAML request): our
 * requests signed with our signing key where the provider asks for it, encrypted assertions
 * decrypted with our encryption key, single logout where the provider offers it.
 */
export async function samlOf(
  sp: ServiceProvider,
  connection: SamlProvider,
  requests: CacheProvider,
  keys: SamlKeys,
  /** Sign what is sent: AuthnRequests where the provider asks; logout messages always. */
  sign = connection.signsRequests,
  /** The id of the next request (so that a test sign-in knows its own). */
  requestId?: () => string,
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
    // An answer must name a request of ours, unless the admin allowed sign-in from the provider.
    validateInResponseTo: connection.allowIdpInitiated
      ? ValidateInResponseTo.ifPresent
      : ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: 10 * 60 * 1000,
    cacheProvider: requests,
    acceptedClockSkewMs: 60_000,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    disableRequestedAuthnContext: true,
    signatureAlgorithm: 'sha256',
    digestAlgorithm: 'sha256',
    ...(sign ? { privateKey: keys.signing.privateKey, publicCert: keys.signing.certificate } : {}),
    decryptionPvk: keys.encryption.privateKey,
    ...(requestId ? { generateUniqueId: requestId } : {}),
    ...(connection.logoutUrl
      ? { logoutUrl: connection.logoutUrl, logoutCallbackUrl: sp.logoutUrl }
      : {}),
  });
}

/** The provider node-saml is given to write our metadata, before any is set up. */
const NO_PROVIDER: SamlProvider = {
  entityId: '',
  entryPoint: '',
  certificates: ['none'],
  signsRequests: false,
  logoutUrl: null,
  allowIdpInitiated: false,
};

/**
 * The metadata this service provider gives identity providers: its ACS, its signing and
 * encryption certificates, whether it signs its requests (where the provider asks), and its
 * single logout service.
 */
export async function serviceProviderMetadata(
  sp: ServiceProvider,
  keys: SamlKeys,
  provider: SamlProvider | undefined,
): Promise<string> {
  // node-saml publishes the signing certificate only with a key to sign by; it is published
  // always (logout messages are signed), and AuthnRequestsSigned says what is done.
  const signing = await samlOf(
    sp,
    { ...(provider ?? NO_PROVIDER), logoutUrl: sp.logoutUrl },
    { saveAsync: async () => null, getAsync: async () => null, removeAsync: async () => null },
    keys,
    true,
  );
  const xml = signing.generateServiceProviderMetadata(
    keys.encryption.certificate,
    keys.signing.certificate,
  );
  return xml.replace(
    /AuthnRequestsSigned="true"/,
    `AuthnRequestsSigned="${provider?.signsRequests ? 'true' : 'false'}"`,
  );
}

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

/** Key-transport and content algorithms taken for an encrypted assertion. */
export const ENCRYPTION_ALGORITHMS = new Set([
  'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
  'http://www.w3.org/2009/xmlenc11#rsa-oaep',
  'http://www.w3.org/2009/xmlenc11#aes128-gcm',
  'http://www.w3.org/2009/xmlenc11#aes256-gcm',
  'http://www.w3.org/2001/04/xmlenc#aes128-cbc',
  'http://www.w3.org/2001/04/xmlenc#aes256-cbc',
]);
const XMLENC = 'http://www.w3.org/2001/04/xmlenc#';
/** An encrypted assertion decrypted with our key (xml-encryption, loaded on first use). */
async function decrypt(xml: string, key: string): Promise<string> {
  const xmlenc = await xmlEncryption();
  return new Promise((resolve, reject) =>
    xmlenc.decrypt(xml, { key, disallowDecryptionWithInsecureAlgorithm: true }, (error, result) =>
      error ? reject(error) : resolve(result),
    ),
  );
}

const elementsIn = (root: Document | Element, ns: string, name: string) =>
  Array.from(root.getElementsByTagNameNS(ns, name));
const childrenOf = (parent: Element, ns: string, name: string) =>
  Array.from(parent.childNodes).filter(
    (n): n is Element =>
      n.nodeType === 1 && (n as Element).namespaceURI === ns && (n as Element).localName === name,
  );
const issuerOf = (element: Element) =>
  childrenOf(element, ASSERTION, 'Issuer')[0]?.textContent?.trim();

/** Every signature and digest algorithm under `root` is on the allow-lists. */
function checkAlgorithms(root: Document | Element) {
  for (const method of elementsIn(root, DSIG, 'SignatureMethod'))
    if (!SIGNATURE_ALGORITHMS.has(method.getAttribute('Algorithm') ?? ''))
      throw new XmlRefused(`algorithm: signature ${method.getAttribute('Algorithm')} is not taken`);
  // A signature's references' digests (an encrypted key's OAEP digest is encryption's own).
  for (const method of elementsIn(root, DSIG, 'DigestMethod').filter(
    (m) => (m.parentNode as Element | null)?.localName === 'Reference',
  ))
    if (!DIGEST_ALGORITHMS.has(method.getAttribute('Algorithm') ?? ''))
      throw new XmlRefused(`algorithm: digest ${method.getAttribute('Algorithm')} is not taken`);
}

/** The rules of one assertion: its Issuer, its algorithms, its bearer confirmations. */
function checkAssertion(assertion: Element, expected: { issuer: string; acsUrl: string }) {
  if (issuerOf(assertion) !== expected.issuer)
    throw new XmlRefused(`issuer: the assertion is from ${issuerOf(assertion) ?? 'nobody'}`);
  checkAlgorithms(assertion);
  const bearers = elementsIn(assertion, ASSERTION, 'SubjectConfirmation').filter(
    (c) => c.getAttribute('Method') === BEARER,
  );
  if (bearers.length === 0) throw new XmlRefused('bearer: the subject is not confirmed as bearer');
  for (const bearer of bearers) {
    const data = childrenOf(bearer, ASSERTION, 'SubjectConfirmationData')[0];
    if (!data || data.getAttribute('Recipient') !== expected.acsUrl)
      throw new XmlRefused('bearer: a confirmation is for another recipient');
    if (!Number.isFinite(Date.parse(data.getAttribute('NotOnOrAfter') ?? '')))
      throw new XmlRefused('bearer: a confirmation has no NotOnOrAfter');
  }
}

/**
 * The rules of SAML 2.0 core and bindings (and OWASP's SAML cheat sheet) that node-saml does not
 * check, checked on the response as posted, before its signature is (decisions 084, 085): one
 * assertion, plain or encrypted; the response's and the assertion's Issuer are the provider's
 * entity ID; a Destination, which a signed response must carry, is our ACS URL; every signature
 * and digest algorithm is on the allow-list (and an encrypted assertion's algorithms on theirs);
 * the subject is confirmed as bearer, each bearer confirmation for our ACS URL with a
 * NotOnOrAfter. An encrypted assertion is decrypted with our key to be checked, as node-saml
 * will decrypt it again to verify it. Each refusal names its rule.
 */
export async function checkResponseLetter(
  xml: string,
  expected: { issuer: string; acsUrl: string; decryptionKey: string },
): Promise<void> {
  const document = new DOMParser().parseFromString(xml, 'text/xml');
  const response = document.documentElement;
  if (!response || response.namespaceURI !== PROTOCOL || response.localName !== 'Response')
    throw new XmlRefused('The message is not a SAML response.');
  const assertions = elementsIn(document, ASSERTION, 'Assertion');
  const encrypted = elementsIn(document, ASSERTION, 'EncryptedAssertion');
  if (assertions.length + encrypted.length !== 1)
    throw new XmlRefused(
      `one assertion: the response holds ${assertions.length + encrypted.length}`,
    );
  const responseIssuer = issuerOf(response);
  if (responseIssuer !== undefined && responseIssuer !== expected.issuer)
    throw new XmlRefused(`issuer: the response is from ${responseIssuer}`);
  const destination = response.getAttribute('Destination');
  const signedWhole = childrenOf(response, DSIG, 'Signature').length > 0;
  if (signedWhole && !destination)
    throw new XmlRefused('destination: a signed response must name its Destination');
  if (destination && destination !== expected.acsUrl)
    throw new XmlRefused(`destination: the response is for ${destination}`);
  checkAlgorithms(document);
  if (assertions[0]) return checkAssertion(assertions[0], expected);
  const wrapped = encrypted[0]!;
  for (const method of elementsIn(wrapped, XMLENC, 'EncryptionMethod'))
    if (!ENCRYPTION_ALGORITHMS.has(method.getAttribute('Algorithm') ?? ''))
      throw new XmlRefused(
        `algorithm: encryption ${method.getAttribute('Algorithm')} is not taken`,
      );
  let plain: string | undefined;
  try {
    plain = await decrypt(wrapped.toString(), expected.decryptionKey);
  } catch {
    throw new XmlRefused('one assertion: the encrypted assertion does not decrypt with our key');
  }
  refuseDoctype(plain ?? '');
  const inner = new DOMParser().parseFromString(plain ?? '', 'text/xml').documentElement;
  if (!inner || inner.namespaceURI !== ASSERTION || inner.localName !== 'Assertion')
    throw new XmlRefused('one assertion: the encrypted assertion holds no assertion');
  checkAssertion(inner, expected);
}
