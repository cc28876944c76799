// A merchant's KYC documents (docs/decisions/073): the documents the review asks for, the files
// given for them, and, while the review asks for more (ACTION_NEEDED), what it asks for in words.
import {
  KYC_DOCUMENT_NAME,
  KYC_DOCUMENT_TYPES,
  type KycDocumentAdd,
  type KycDocumentType,
  type KycDocuments,
  type Merchant,
} from '#/api/schemas/merchant';
import type { KycDocumentRow } from '../store/kyc-documents';
import type { DomainContext } from './context';
import { notFound, refused } from './errors';
import { getMerchant, ONBOARDING_STATUSES } from './merchants';

const named = (types: readonly KycDocumentType[]) =>
  types.map((t) => KYC_DOCUMENT_NAME[t].replace(/^./, (c) => c.toLowerCase())).join('; ');

/**
 * What the review asks for while a merchant is ACTION_NEEDED: every document not given yet; or,
 * when all were given before the review asked, a newer proof of address (the sandbox's review
 * always finds the one it had too old).
 */
export function actionNeededOf(
  merchant: Pick<Merchant, 'kycStatus' | 'lastUpdateTime'>,
  documents: readonly Pick<KycDocumentRow, 'type' | 'creationTime'>[],
): KycDocuments['actionNeeded'] {
  if (merchant.kycStatus !== 'ACTION_NEEDED') return null;
  const given = new Set(documents.map((d) => d.type));
  const missing = KYC_DOCUMENT_TYPES.filter((t) => !given.has(t));
  if (missing.length > 0)
    return {
      reason: `The review needs: ${named(missing)}. Give them, then submit onboarding again.`,
      types: missing,
    };
  const newer = documents.some(
    (d) => d.type === 'PROOF_OF_ADDRESS' && d.creationTime > merchant.lastUpdateTime,
  );
  if (newer)
    return {
      reason: 'Every document the review asked for is given: submit onboarding again.',
      types: [],
    };
  return {
    reason:
      'The review could not accept the proof of address: it must be less than three months old and name the business address. Give a recent one, then submit onboarding again.',
    types: ['PROOF_OF_ADDRESS'],
  };
}

function documentsOf(ctx: DomainContext, partnerId: number, merchant: Merchant): KycDocuments {
  const rows = ctx.store.kycDocuments.of(partnerId, merchant.id);
  const given = new Set(rows.map((d) => d.type));
  return {
    required: KYC_DOCUMENT_TYPES.map((type) => ({
      type,
      name: KYC_DOCUMENT_NAME[type],
      provided: given.has(type),
    })),
    documents: rows.map((d) => ({ ...d, type: d.type as KycDocumentType })),
    actionNeeded: actionNeededOf(merchant, rows),
  };
}

/** `GET /v1/business/{id}/documents`. */
export function listDocuments(ctx: DomainContext, partnerId: number, merchantId: number) {
  return documentsOf(ctx, partnerId, getMerchant(ctx, partnerId, merchantId));
}

/** `POST /v1/business/{id}/documents`: while onboarding may be submitted, a file of this partner. */
export function addDocument(
  ctx: DomainContext,
  partnerId: number,
  merchantId: number,
  input: KycDocumentAdd,
): KycDocuments {
  const merchant = getMerchant(ctx, partnerId, merchantId);
  if (!ONBOARDING_STATUSES.includes(merchant.kycStatus))
    throw refused(
      'ONBOARDING_NOT_ALLOWED',
      `KYC documents are taken while kycStatus is ${ONBOARDING_STATUSES.join(', ')}; merchant ${merchantId} is ${merchant.kycStatus}.`,
    );
  // A file named in the body that is not this partner's: 404, as for any record it names.
  if (!ctx.store.files.byId(partnerId, input.fileId)) throw notFound('File', input.fileId);
  ctx.store.write(() =>
    ctx.store.kycDocuments.add(partnerId, merchantId, input.type, input.fileId, ctx.now()),
  );
  return documentsOf(ctx, partnerId, merchant);
}
