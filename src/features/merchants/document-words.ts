// A merchant's KYC documents in words (decision 091): their names and what the review asks for,
// in the page's language. The API's own texts (`name`, `actionNeeded.reason`) are English.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { KycDocuments } from '#/api/schemas/merchant';
import { tr } from '#/i18n/current';
import { namesInWords } from '#/lib/approval-words';

/** The documents the review asks for, in the page's language (the API's names are English). */
export const DOCUMENT_NAME: Record<string, MessageDescriptor> = {
  CERTIFICATE_OF_INCORPORATION: msg`Certificate of incorporation or trade register extract`,
  PROOF_OF_ADDRESS: msg`Proof of the business address, less than three months old`,
  DIRECTOR_ID: msg`Identity document of a director`,
};

/** A document's name: ours for a type we know, else the API's as it came. */
export const documentName = (type: string, name: string) => {
  const known = DOCUMENT_NAME[type];
  return known ? tr(known) : name;
};

/**
 * What the review asks for, in the page's language, from the documents it names (the sandbox's
 * three cases, docs/decisions/073): nothing more (submit again), documents not given yet, or
 * given ones it could not accept (a proof of address too old).
 */
export function reviewAsks(documents: KycDocuments): string | undefined {
  const asked = documents.actionNeeded;
  if (!asked) return undefined;
  if (asked.types.length === 0)
    return tr(msg`Every document the review asked for is given: submit onboarding again.`);
  const names = namesInWords(asked.types.map((type) => documentName(type, type)));
  const given = asked.types.every(
    (type) => documents.required.find((r) => r.type === type)?.provided,
  );
  if (!given) return tr(msg`The review needs: ${names}. Give them, then submit onboarding again.`);
  if (asked.types.length === 1 && asked.types[0] === 'PROOF_OF_ADDRESS')
    return tr(
      msg`The review could not accept the proof of address: it must be less than three months old and name the business address. Give a recent one, then submit onboarding again.`,
    );
  return tr(
    msg`The review could not accept: ${names}. Give newer ones, then submit onboarding again.`,
  );
}
