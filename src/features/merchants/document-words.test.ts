import { expect, it } from 'vitest';
import type { KycDocuments } from '#/api/schemas/merchant';
import { reviewAsks } from './document-words';

const documents = (
  types: KycDocuments['required'][number]['type'][],
  provided: KycDocuments['required'][number]['type'][],
): KycDocuments => ({
  required: (['CERTIFICATE_OF_INCORPORATION', 'PROOF_OF_ADDRESS', 'DIRECTOR_ID'] as const).map(
    (type) => ({ type, name: type, provided: provided.includes(type) }),
  ),
  documents: [],
  actionNeeded: { reason: 'The API’s English', types },
});

it('says what the review asks for from the documents it names, not the API’s English', () => {
  expect(reviewAsks({ ...documents([], []), actionNeeded: null })).toBeUndefined();
  expect(reviewAsks(documents([], ['PROOF_OF_ADDRESS']))).toBe(
    'Every document the review asked for is given: submit onboarding again.',
  );
  expect(reviewAsks(documents(['CERTIFICATE_OF_INCORPORATION', 'DIRECTOR_ID'], []))).toBe(
    'The review needs: Certificate of incorporation or trade register extract and Identity document of a director. Give them, then submit onboarding again.',
  );
  expect(reviewAsks(documents(['PROOF_OF_ADDRESS'], ['PROOF_OF_ADDRESS']))).toMatch(
    /^The review could not accept the proof of address: it must be less than three months old/,
  );
});
