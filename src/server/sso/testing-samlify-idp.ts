// For tests only: a SAML 2.0 identity provider built with samlify, a library identity providers
// are built on, shaped as Microsoft Entra ID, Okta or Google Workspace send their assertions
// (their default attribute names, an opaque persistent NameID for Entra, group object ids). It
// serves its metadata at a URL (and can rotate its signing key, publishing both certificates, as
// providers do), checks the dashboard's AuthnRequests (and their signature when it asks for
// signed ones), and builds responses with samlify: signed, encrypted to the dashboard's
// certificate, or wrong on purpose (another issuer, another Destination, RSA-SHA1).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import * as samlify from 'samlify';
import { generate } from 'selfsigned';
import { closeServer } from './testing-idp';

// samlify asks for an XML schema validator before it reads a message; the test provider reads
// only the dashboard's own AuthnRequests (the dashboard's refusals are what the tests look at).
samlify.setSchemaValidator({ validate: async () => 'skipped' });

export type ProviderShape = 'entra' | 'okta' | 'google';

export interface ShapedPerson {
  email: string;
  name: string;
  /** Group names (Okta, Google) or object ids (Entra). */
  groups: string[];
}

export interface SamlifyResponseOptions {
  person: ShapedPerson;
  /** The AuthnRequest answered; none for a response started at the provider. */
  inResponseTo?: string;
  /** Another entity as the Issuer of the response and the assertion (still signed by this one). */
  issuer?: string;
  destination?: string;
  /** RSA-SHA1 with a SHA-1 digest. */
  sha1?: boolean;
  /** The response signed as a whole, besides the assertion. */
  signResponse?: boolean;
  /** The assertion encrypted to the dashboard's encryption certificate. */
  encrypt?: boolean;
}

const ENTRA = {
  email: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
  name: 'http://schemas.microsoft.com/identity/claims/displayname',
  groups: 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups',
  tenant: 'http://schemas.microsoft.com/identity/claims/tenantid',
  upn: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name',
};

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** What each provider puts in the assertion by default, and the NameID it sends. */
function shaped(shape: ProviderShape, person: ShapedPerson) {
  const attributes: Array<[string, string[]]> =
    shape === 'entra'
      ? [
          [ENTRA.tenant, ['7d5c1a2e-9b1f-4c3e-8a6d-2f4b9e0c1d3a']],
          [ENTRA.email, [person.email]],
          [ENTRA.name, [person.name]],
          [ENTRA.upn, [person.email]],
          [ENTRA.groups, person.groups],
        ]
      : shape === 'okta'
        ? [
            ['email', [person.email]],
            ['displayName', [person.name]],
            ['groups', person.groups],
          ]
        : [
            ['name', [person.name]],
            ['groups', person.groups],
          ];
  return {
    // Entra's default NameID is persistent and opaque; Okta and Google send the address.
    nameId:
      shape === 'entra' ? `opaque-${Buffer.from(person.email).toString('hex')}` : person.email,
    nameIdFormat:
      shape === 'entra'
        ? 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent'
        : 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    attributeStatement: `<saml:AttributeStatement>${attributes
      .map(
        ([name, values]) =>
          `<saml:Attribute Name="${escape(name)}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:unspecified">${values
            .map(
              (v) => `<saml:AttributeValue xsi:type="xs:string">${escape(v)}</saml:AttributeValue>`,
            )
            .join('')}</saml:Attribute>`,
      )
      .join('')}</saml:AttributeStatement>`,
  };
}

interface KeyPair {
  privateKey: string;
  certificate: string;
}

const newKey = async (name: string): Promise<KeyPair> => {
  const pems = await generate([{ name: 'commonName', value: name }], {
    keySize: 2048,
    algorithm: 'sha256',
  });
  return { privateKey: pems.private, certificate: pems.cert };
};

export interface SamlifyIdp {
  shape: ProviderShape;
  entityId: string;
  ssoUrl: string;
  metadataUrl: string;
  metadataXml(): string;
  /** A new signing key: both certificates published, the new one signing from now on. */
  rotate(): Promise<void>;
  /** The old certificate no longer published. */
  retireOld(): void;
  /** A base64 SAMLResponse for the dashboard whose metadata is given. */
  response(spMetadataXml: string, options: SamlifyResponseOptions): Promise<string>;
  /** Reads an AuthnRequest the dashboard redirected to, checking its signature if asked: its id. */
  readRequest(spMetadataXml: string, authorizeUrl: string): Promise<string>;
  /** A signed LogoutRequest (HTTP-POST) for the person the provider calls `nameId`. */
  logoutRequest(spMetadataXml: string, nameId: string): string;
  /** Reads a LogoutRequest the dashboard redirected to, checking its signature: its NameID. */
  readLogoutRequest(spMetadataXml: string, url: string): Promise<string>;
  close(): Promise<void>;
}

export async function startSamlifyIdp(options: {
  shape: ProviderShape;
  wantAuthnRequestsSigned?: boolean;
}): Promise<SamlifyIdp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  const entityId =
    options.shape === 'entra' ? `${origin}/7d5c1a2e-9b1f-4c3e-8a6d-2f4b9e0c1d3a/` : `${origin}/idp`;
  const ssoUrl = `${origin}/sso`;
  const sloUrl = `${origin}/slo`;
  let signing = await newKey(`Test ${options.shape} IdP`);
  let published = [signing.certificate];

  /** The provider as samlify builds it: its metadata publishes `certificates`; it signs with `key`. */
  const idpWith = (
    key: KeyPair,
    o: { sha1?: boolean; encrypt?: boolean; certificates?: string[] } = {},
  ) =>
    samlify.IdentityProvider({
      entityID: entityId,
      privateKey: key.privateKey,
      // samlify puts the signing certificate in each signature's KeyInfo: the one signing.
      signingCert: o.certificates ?? key.certificate,
      singleSignOnService: [
        { Binding: samlify.Constants.namespace.binding.redirect, Location: ssoUrl },
      ],
      singleLogoutService: [
        { Binding: samlify.Constants.namespace.binding.redirect, Location: sloUrl },
      ],
      nameIDFormat: [
        options.shape === 'entra'
          ? 'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent'
          : 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
      ],
      wantLogoutRequestSigned: true,
      wantAuthnRequestsSigned: options.wantAuthnRequestsSigned ?? false,
      requestSignatureAlgorithm: o.sha1
        ? 'http://www.w3.org/2000/09/xmldsig#rsa-sha1'
        : 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
      isAssertionEncrypted: o.encrypt ?? false,
      ...(o.encrypt
        ? {
            dataEncryptionAlgorithm: 'http://www.w3.org/2009/xmlenc11#aes256-gcm',
            keyEncryptionAlgorithm: 'http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p',
          }
        : {}),
    } as Parameters<typeof samlify.IdentityProvider>[0]);

  const metadataXml = () => idpWith(signing, { certificates: published }).getMetadata();

  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' }).end(metadataXml());
      return;
    }
    res.writeHead(404).end();
  });

  return {
    shape: options.shape,
    entityId,
    ssoUrl,
    metadataUrl: `${origin}/metadata`,
    metadataXml,
    async rotate() {
      const next = await newKey(`Test ${options.shape} IdP (next)`);
      published = [signing.certificate, next.certificate];
      signing = next;
    },
    retireOld() {
      published = [signing.certificate];
    },
    async response(spMetadataXml, o) {
      const sp = samlify.ServiceProvider({
        metadata: spMetadataXml,
        wantMessageSigned: o.signResponse ?? false,
      });
      const idp = idpWith(signing, { sha1: o.sha1 ?? false, encrypt: o.encrypt ?? false });
      const { nameId, nameIdFormat, attributeStatement } = shaped(options.shape, o.person);
      const acs = sp.entityMeta.getAssertionConsumerService('post') as string;
      const now = new Date();
      const later = new Date(now.getTime() + 5 * 60_000).toISOString();
      const built = await idp.createLoginResponse(
        sp,
        { extract: o.inResponseTo ? { request: { id: o.inResponseTo } } : {} },
        'post',
        { email: nameId },
        {
          customTagReplacement: (template: string) => {
            const id = `_${randomUUID()}`;
            const context = samlify.SamlLib.replaceTagsByValue(
              template
                .replace('{AttributeStatement}', attributeStatement)
                .replace(
                  '{AuthnStatement}',
                  `<saml:AuthnStatement AuthnInstant="${now.toISOString()}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`,
                ),
              {
                ID: id,
                AssertionID: `_${randomUUID()}`,
                Destination: o.destination ?? acs,
                Audience: sp.entityMeta.getEntityID(),
                SubjectRecipient: acs,
                Issuer: o.issuer ?? entityId,
                IssueInstant: now.toISOString(),
                StatusCode: 'urn:oasis:names:tc:SAML:2.0:status:Success',
                ConditionsNotBefore: new Date(now.getTime() - 60_000).toISOString(),
                ConditionsNotOnOrAfter: later,
                SubjectConfirmationDataNotOnOrAfter: later,
                NameIDFormat: nameIdFormat,
                NameID: nameId,
                InResponseTo: o.inResponseTo,
              },
            );
            return { id, context };
          },
        },
      );
      return built.context;
    },
    async readRequest(spMetadataXml, authorizeUrl) {
      const sp = samlify.ServiceProvider({ metadata: spMetadataXml });
      const url = new URL(authorizeUrl);
      const query = Object.fromEntries(url.searchParams);
      const parsed = await idpWith(signing).parseLoginRequest(sp, 'redirect', {
        query,
        octetString: url.search.slice(1).replace(/&Signature=[^&]*/, ''),
      });
      return String((parsed.extract.request as { id?: string } | undefined)?.id ?? '');
    },
    logoutRequest(spMetadataXml, nameId) {
      const sp = samlify.ServiceProvider({
        metadata: spMetadataXml,
        wantLogoutRequestSigned: true,
      });
      return idpWith(signing).createLogoutRequest(sp, 'post', { logoutNameID: nameId }).context;
    },
    async readLogoutRequest(spMetadataXml, url) {
      const sp = samlify.ServiceProvider({ metadata: spMetadataXml });
      const parsed = new URL(url);
      const result = await idpWith(signing).parseLogoutRequest(sp, 'redirect', {
        query: Object.fromEntries(parsed.searchParams),
        octetString: parsed.search.slice(1).replace(/&Signature=[^&]*/, ''),
      });
      return String(result.extract.nameID ?? '');
    },
    close: () => closeServer(server),
  };
}
