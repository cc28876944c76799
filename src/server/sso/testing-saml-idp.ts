// For tests and journeys only: a SAML 2.0 identity provider built on xml-crypto, with its own
// key and self-signed certificate, on a loopback port at "localhost" (another site than the
// dashboard). It publishes its metadata, takes the dashboard's AuthnRequest by the Redirect
// binding, shows a page to sign in as one of its people, and posts a response whose assertion it
// signs. The attack tests ask it for responses made wrong on purpose: unsigned, tampered,
// expired, for another audience, wrapped, with a comment in the NameID.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { inflateRawSync } from 'node:zlib';
import { generate } from 'selfsigned';
import { SignedXml } from 'xml-crypto';
import { closeServer } from './testing-idp';

export interface SamlPerson {
  email: string;
  name: string;
  groups: string[];
}

export interface ResponseOptions {
  person: SamlPerson;
  /** The request answered (SP-initiated); none for IdP-initiated. */
  inResponseTo?: string;
  relayState?: string;
  audience?: string;
  recipient?: string;
  /** Minutes until it expires (negative: expired already). */
  validForMinutes?: number;
  /** Not signed at all. */
  unsigned?: boolean;
  /** The NameID as written into the signed XML (a comment can be slipped in). */
  nameIdXml?: string;
  /** Changes the XML after signing. */
  tamper?: (xml: string) => string;
  /** Another Issuer, in the response and the assertion (still signed with this provider's key). */
  issuer?: string;
  /** Another Destination on the response. */
  destination?: string;
  /** Signed with RSA-SHA1 and a SHA-1 digest. */
  sha1?: boolean;
  /** The response signed as a whole too. */
  signResponse?: boolean;
}

/**
 * The responses issue 60 found signing people in, as options both test providers take (this one
 * and the samlify one), each with the rule of decision 084 that refuses it.
 */
export const LETTER_ATTACKS: Array<
  [
    string,
    { issuer?: string; destination?: string; signResponse?: boolean; sha1?: boolean },
    RegExp,
  ]
> = [
  [
    'from another issuer, signed with the configured key',
    { issuer: 'https://evil.example/idp' },
    /^issuer:/,
  ],
  [
    'for another Destination, the assertion signed',
    { destination: 'https://other-sp.example/acs' },
    /^destination:/,
  ],
  [
    'signed as a whole for another Destination',
    { signResponse: true, destination: 'https://other-sp.example/acs' },
    /^destination:/,
  ],
  ['signed with RSA-SHA1 and a SHA-1 digest', { sha1: true }, /^algorithm:/],
];

export interface TestSamlIdp {
  entityId: string;
  ssoUrl: string;
  metadataXml: string;
  people: Map<string, SamlPerson>;
  /** The base64 SAMLResponse a browser would post. */
  response(acsUrl: string, spEntityId: string, options: ResponseOptions): string;
  /** The request id of an AuthnRequest URL the dashboard redirected to. */
  requestIdOf(authorizeUrl: string): string;
  close(): Promise<void>;
}

const ns = {
  samlp: 'urn:oasis:names:tc:SAML:2.0:protocol',
  saml: 'urn:oasis:names:tc:SAML:2.0:assertion',
};
const escape = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

export async function startTestSamlIdp(options: {
  people: Record<string, SamlPerson>;
  /** Where the sign-in page posts to: the dashboard's ACS. */
  acsUrl: string;
  spEntityId: string;
}): Promise<TestSamlIdp> {
  const people = new Map(Object.entries(options.people));
  const pems = await generate([{ name: 'commonName', value: 'Test IdP' }], {
    keySize: 2048,
    algorithm: 'sha256',
  });
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  const entityId = `${origin}/metadata`;
  const ssoUrl = `${origin}/sso`;
  const certificateBody = pems.cert
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, '')
    .replace(/\s+/g, '');
  const metadataXml = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="${entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing">
      <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#"><ds:X509Data><ds:X509Certificate>${certificateBody}</ds:X509Certificate></ds:X509Data></ds:KeyInfo>
    </md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;

  function assertionXml(o: ResponseOptions, acsUrl: string, spEntityId: string) {
    const now = Date.now();
    const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
    const until = at(o.validForMinutes ?? 5);
    const inResponseTo = o.inResponseTo ? ` InResponseTo="${o.inResponseTo}"` : '';
    const attribute = (name: string, values: string[]) =>
      `<saml:Attribute Name="${name}">${values
        .map((v) => `<saml:AttributeValue>${escape(v)}</saml:AttributeValue>`)
        .join('')}</saml:Attribute>`;
    return `<saml:Assertion xmlns:saml="${ns.saml}" ID="_a${randomUUID()}" Version="2.0" IssueInstant="${at(0)}"><saml:Issuer>${o.issuer ?? entityId}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${o.nameIdXml ?? escape(o.person.email)}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${o.recipient ?? acsUrl}"${inResponseTo}/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${at(-1)}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${o.audience ?? spEntityId}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${at(0)}" SessionIndex="_s${randomUUID()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attribute('email', [o.person.email])}${attribute('displayName', [o.person.name])}${attribute('groups', o.person.groups)}</saml:AttributeStatement></saml:Assertion>`;
  }

  function signed(xml: string, elementXPath: string, afterIssuerXPath: string, sha1 = false) {
    const signature = new SignedXml({
      privateKey: pems.private,
      canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
      signatureAlgorithm: sha1
        ? 'http://www.w3.org/2000/09/xmldsig#rsa-sha1'
        : 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    });
    signature.addReference({
      xpath: elementXPath,
      digestAlgorithm: sha1
        ? 'http://www.w3.org/2000/09/xmldsig#sha1'
        : 'http://www.w3.org/2001/04/xmlenc#sha256',
      transforms: [
        'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
        'http://www.w3.org/2001/10/xml-exc-c14n#',
      ],
    });
    signature.computeSignature(xml, {
      location: { reference: afterIssuerXPath, action: 'after' },
    });
    return signature.getSignedXml();
  }

  function response(acsUrl: string, spEntityId: string, o: ResponseOptions): string {
    const inResponseTo = o.inResponseTo ? ` InResponseTo="${o.inResponseTo}"` : '';
    let assertion = assertionXml(o, acsUrl, spEntityId);
    if (!o.unsigned)
      assertion = signed(
        assertion,
        "/*[local-name(.)='Assertion']",
        "/*[local-name(.)='Assertion']/*[local-name(.)='Issuer']",
        o.sha1,
      );
    let xml = `<samlp:Response xmlns:samlp="${ns.samlp}" xmlns:saml="${ns.saml}" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${new Date().toISOString()}" Destination="${o.destination ?? acsUrl}"${inResponseTo}><saml:Issuer>${o.issuer ?? entityId}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>${assertion}</samlp:Response>`;
    if (o.signResponse)
      xml = signed(
        xml,
        "/*[local-name(.)='Response']",
        "/*[local-name(.)='Response']/*[local-name(.)='Issuer']",
        o.sha1,
      );
    if (o.tamper) xml = o.tamper(xml);
    return Buffer.from(xml).toString('base64');
  }

  function requestIdOf(authorizeUrl: string): string {
    const request = new URL(authorizeUrl).searchParams.get('SAMLRequest') ?? '';
    const xml = inflateRawSync(Buffer.from(request, 'base64')).toString('utf8');
    return /ID="([^"]+)"/.exec(xml)?.[1] ?? '';
  }

  // The provider's pages: its sign-in page lists its people; choosing one posts the response.
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', origin);
    if (url.pathname === '/metadata') {
      res.writeHead(200, { 'content-type': 'application/xml' }).end(metadataXml);
      return;
    }
    if (url.pathname === '/sso') {
      const requestId = url.search ? requestIdOf(url.href) : '';
      const relayState = url.searchParams.get('RelayState') ?? '';
      const forms = [...people]
        .map(
          ([login, person]) =>
            `<form method="post" action="${escape(options.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${response(
              options.acsUrl,
              options.spEntityId,
              { person, ...(requestId ? { inResponseTo: requestId } : {}) },
            )}"><input type="hidden" name="RelayState" value="${escape(relayState)}"><button type="submit" name="login" value="${escape(login)}">Sign in as ${escape(person.name)}</button></form>`,
        )
        .join('');
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          `<!doctype html><html lang="en"><title>Test IdP</title><h1>Test IdP</h1>${forms}</html>`,
        );
      return;
    }
    res.writeHead(404).end();
  });

  return {
    entityId,
    ssoUrl,
    metadataXml,
    people,
    response,
    requestIdOf,
    close: () => closeServer(server),
  };
}
