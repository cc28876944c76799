// An identity provider's SAML metadata, as an admin pastes or uploads it (docs/decisions/053):
// hostile until read. A document type (and so any entity, external or nested a billion times)
// is refused before parsing; what is read is the provider's entity id, its sign-in URL for the
// HTTP-Redirect binding, and its signing certificates.
import { DOMParser } from '@xmldom/xmldom';
import { X509Certificate } from 'node:crypto';
import { onThisMachine } from '#/api/sso';
import { codedWords, englishOfText, type Words, wordsCode } from '#/i18n/words';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

/** The largest metadata document read. */
export const MAX_METADATA_BYTES = 200 * 1024;

/** Why metadata is refused, in words told to the admin in their language (decision 091). */
export const METADATA = codedWords({
  doctype: /*i18n*/ {
    id: 'saml.doctype',
    message: 'The XML declares a document type or entities, which are refused.',
  },
  certificate: /*i18n*/ {
    id: 'saml.certificate',
    message: 'A signing certificate of the metadata cannot be read.',
  },
  tooLarge: /*i18n*/ { id: 'saml.tooLarge', message: 'The metadata is larger than {kb} KB.' },
  notXml: /*i18n*/ { id: 'saml.notXml', message: 'The metadata is not well-formed XML.' },
  noProvider: /*i18n*/ {
    id: 'saml.noProvider',
    message: 'The metadata describes no identity provider (IDPSSODescriptor).',
  },
  noEntityId: /*i18n*/ { id: 'saml.noEntityId', message: 'The metadata names no entityID.' },
  noSignInUrl: /*i18n*/ {
    id: 'saml.noSignInUrl',
    message: 'The metadata names no https sign-in URL for the HTTP-Redirect binding.',
  },
  noCertificate: /*i18n*/ {
    id: 'saml.noCertificate',
    message: 'The metadata gives no signing certificate: signed assertions are required.',
  },
  notFetched: /*i18n*/ {
    id: 'saml.notFetched',
    message: 'The metadata could not be fetched from {url}: {why}.',
  },
  answered: /*i18n*/ {
    id: 'saml.answered',
    message: 'The metadata could not be fetched from {url}: it answered {status}.',
  },
  otherProvider: /*i18n*/ {
    id: 'saml.otherProvider',
    message:
      'The metadata at {url} now names another provider ({entityId}); the kept settings are used until an admin sets it up again.',
  },
});

/**
 * XML refused: its message in English (logs, the audit trail, tests), `told` the same as a code of
 * words for a person (a diagnostic of a SAML message stays as written).
 */
export class XmlRefused extends Error {
  readonly told: string;
  constructor(refusal: string | Words, values?: Record<string, string | number>) {
    const told = typeof refusal === 'string' ? refusal : wordsCode(refusal, values);
    super(englishOfText(told));
    this.told = told;
  }
}

/** Refuses what no SAML message or metadata needs and attacks use: a DTD, entities. */
export function refuseDoctype(xml: string): void {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new XmlRefused(METADATA.doctype);
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
    throw new XmlRefused(METADATA.certificate);
  }
  return pem;
}

export function parseIdpMetadata(xml: string): IdpMetadata {
  if (Buffer.byteLength(xml) > MAX_METADATA_BYTES)
    throw new XmlRefused(METADATA.tooLarge, { kb: MAX_METADATA_BYTES / 1024 });
  refuseDoctype(xml);
  const errors: string[] = [];
  const document = new DOMParser({
    errorHandler: {
      warning: () => undefined,
      error: (message: string) => errors.push(message),
      fatalError: (message: string) => errors.push(message),
    },
  }).parseFromString(xml, 'text/xml');
  if (errors.length > 0 || !document?.documentElement) throw new XmlRefused(METADATA.notXml);
  const descriptors = [
    ...(document.documentElement.localName === 'EntityDescriptor'
      ? [document.documentElement]
      : Array.from(document.getElementsByTagNameNS(MD, 'EntityDescriptor'))),
  ];
  const entity = descriptors.find(
    (d) => d.getElementsByTagNameNS(MD, 'IDPSSODescriptor').length > 0,
  );
  if (!entity) throw new XmlRefused(METADATA.noProvider);
  const entityId = entity.getAttribute('entityID') ?? '';
  if (!entityId) throw new XmlRefused(METADATA.noEntityId);
  const idp = entity.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0]!;
  const redirectService = (name: string) =>
    Array.from(idp.getElementsByTagNameNS(MD, name))
      .find((s) => s.getAttribute('Binding') === REDIRECT)
      ?.getAttribute('Location') ?? '';
  const entryPoint = redirectService('SingleSignOnService');
  if (!safeUrl(entryPoint)) throw new XmlRefused(METADATA.noSignInUrl);
  const logoutUrl = redirectService('SingleLogoutService');
  const certificates = Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))
    .filter((k) => (k.getAttribute('use') ?? 'signing') === 'signing')
    .flatMap((k) => Array.from(k.getElementsByTagNameNS(DS, 'X509Certificate')))
    .map((c) => pemOf(c.textContent ?? ''));
  if (certificates.length === 0) throw new XmlRefused(METADATA.noCertificate);
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
