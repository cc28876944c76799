// An identity provider's SAML metadata, as an admin pastes or uploads it (docs/decisions/053):
// hostile until read. A document type (and so any entity, external or nested a billion times)
// is refused before parsing; what is read is the provider's entity id, its sign-in URL for the
// HTTP-Redirect binding, and its signing certificates.
import { DOMParser } from '@xmldom/xmldom';
import { X509Certificate } from 'node:crypto';
import { onThisMachine } from '#/api/sso';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** The largest metadata document read. */
export const MAX_METADATA_BYTES = 200 * 1024;

export class XmlRefused extends Error {}

/** Refuses what no SAML message or metadata needs and attacks use: a DTD, entities. */
export function refuseDoctype(xml: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw new XmlRefused('The XML declares a document type or entities, which are refused.');
}

export interface IdpMetadata {
  entityId: string;
  entryPoint: string;
  certificates: string[];
  /** It asks for signed AuthnRequests (WantAuthnRequestsSigned). */
  signsRequests: boolean;
  /** Its single logout service for the HTTP-Redirect binding, if it names one. */
  logoutUrl: string | null;
}

/** A certificate of the metadata as PEM, checked to be one. */
function pemOf(base64: string): string {
  const body = base64.replace(/\s+/g, '');
  const pem = `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END CERTIFICATE-----\n`;
  try {
    new X509Certificate(pem);
  } catch {
    throw new XmlRefused('A signing certificate of the metadata cannot be read.');
  }
  return pem;
}

export function parseIdpMetadata(xml: string): IdpMetadata {
  if (Buffer.byteLength(xml) > MAX_METADATA_BYTES)
    throw new XmlRefused(`The metadata is larger than ${MAX_METADATA_BYTES / 1024} KB.`);
  refuseDoctype(xml);
  const errors: string[] = [];
  const document = new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: (message: string) => errors.push(message),
      fatalError: (message: string) => errors.push(message),
    },
  }).parseFromString(xml, 'text/xml');
  if (errors.length > 0 || !document?.documentElement)
    throw new XmlRefused('The metadata is not well-formed XML.');
  const descriptors = [
    ...(document.documentElement.localName === 'EntityDescriptor'
      ? [document.documentElement]
      : Array.from(document.getElementsByTagNameNS(MD, 'EntityDescriptor'))),
  ];
  const entity = descriptors.find(
    (d) => d.getElementsByTagNameNS(MD, 'IDPSSODescriptor').length > 0,
  );
  if (!entity)
    throw new XmlRefused('The metadata describes no identity provider (IDPSSODescriptor).');
  const entityId = entity.getAttribute('entityID') ?? '';
  if (!entityId) throw new XmlRefused('The metadata names no entityID.');
  const idp = entity.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0]!;
  const redirectService = (name: string) =>
    Array.from(idp.getElementsByTagNameNS(MD, name))
      .find((s) => s.getAttribute('Binding') === REDIRECT)
      ?.getAttribute('Location') ?? '';
  const entryPoint = redirectService('SingleSignOnService');
  if (!safeUrl(entryPoint))
    throw new XmlRefused('The metadata names no https sign-in URL for the HTTP-Redirect binding.');
  const logoutUrl = redirectService('SingleLogoutService');
  const certificates = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))
    .filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, 'X509Certificate')))
    .map((c) => pemOf(c.textContent ?? ''));
  if (certificates.length === 0)
    throw new XmlRefused(
      'The metadata gives no signing certificate: signed assertions are required.',
    );
  return {
    entityId,
    entryPoint,
    certificates: [...new Set(certificates)].slice(0, 5),
    signsRequests: idp.getAttribute('WantAuthnRequestsSigned') === 'true',
    logoutUrl: safeUrl(logoutUrl) ? logoutUrl : null,
  };
}

/** Whether a provider's URL may be sent to: https, or http on this machine (a test's). */
function safeUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || (url.protocol === 'http:' && onThisMachine(url));
  } catch {
    return false;
  }
}
