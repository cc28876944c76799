// Merchants: customers and their contacts, the KYC simulation, and onboarding.
import type { z } from 'zod';
import {
  KYC_STATUSES,
  type Agreement,
  type KycStatus,
  type Merchant,
  type MerchantCreate,
  type MerchantUpdate,
} from '#/api/schemas/merchant';
import type { MerchantFields } from '../store/merchants';
import type { DomainContext } from './context';
import { invalidField, notFound, refused } from './errors';
import { recordEvent } from './events';
import { toPage } from './pagination';
import { keepOrClear, simulatedField } from './simulation';

type CreateInput = z.output<typeof MerchantCreate>;
type UpdateInput = z.output<typeof MerchantUpdate>;

export const KYC_REVIEW_TASK = 'kyc_review';

/** Statuses in which onboarding can be submitted (the specification's permission column). */
export const ONBOARDING_STATUSES: readonly KycStatus[] = ['NEW', 'PENDING', 'ACTION_NEEDED'];

/** The legal agreements every merchant accepts before onboarding is submitted. */
export const AGREEMENTS = [
  { id: 1, slug: 'terms-of-service', name: 'Terms of Service', version: '2026-01' },
  { id: 2, slug: 'privacy-notice', name: 'Privacy Notice', version: '2025-09' },
  {
    id: 3,
    slug: 'merchant-services-agreement',
    name: 'Merchant Services Agreement',
    version: '3.2',
  },
] as const;

export function getMerchant(ctx: DomainContext, partnerId: number, id: number): Merchant {
  const merchant = ctx.store.merchants.byId(partnerId, id);
  if (!merchant) throw notFound('Merchant', id);
  return merchant;
}

export function listMerchants(ctx: DomainContext, partnerId: number, start: number, limit: number) {
  return toPage(ctx.store.merchants.list(partnerId, start, limit), start, limit);
}

/** Records that a merchant was created or its fields were changed (docs/decisions/018). */
function announce(
  ctx: DomainContext,
  partnerId: number,
  type: 'merchant.created' | 'merchant.updated',
  merchant: Merchant,
) {
  recordEvent(ctx, partnerId, {
    type,
    objectType: 'merchant',
    objectId: merchant.id,
    data: merchant,
  });
}

/** Records the event of the KYC status a merchant now has. */
function announceKycStatus(ctx: DomainContext, partnerId: number, merchant: Merchant): Merchant {
  recordEvent(ctx, partnerId, {
    type: 'merchant.kyc_status.changed',
    objectType: 'merchant',
    objectId: merchant.id,
    data: merchant,
  });
  return merchant;
}

/** A simulated status, already written with the other fields, replaces any review under way. */
function announceSimulation(ctx: DomainContext, partnerId: number, merchant: Merchant): Merchant {
  ctx.store.tasks.cancel(KYC_REVIEW_TASK, merchant.id);
  return announceKycStatus(ctx, partnerId, merchant);
}

function setKycStatus(
  ctx: DomainContext,
  partnerId: number,
  merchant: Merchant,
  status: KycStatus,
): Merchant {
  const updated = ctx.store.merchants.setKycStatus(partnerId, merchant.id, status, ctx.now());
  return announceKycStatus(ctx, partnerId, updated);
}

export function createMerchant(
  ctx: DomainContext,
  partnerId: number,
  input: CreateInput,
): Merchant {
  const ownerId = input.contactOwnerBusinessId ?? null;
  if (ownerId !== null) {
    const owner = ctx.store.merchants.byId(partnerId, ownerId);
    if (!owner) {
      throw invalidField(
        'contactOwnerBusinessId',
        `must be one of your customers; merchant ${ownerId} was not found`,
      );
    }
    if (owner.contactOwnerBusinessId != null) {
      throw invalidField(
        'contactOwnerBusinessId',
        `must be a customer; merchant ${ownerId} is a contact, and a contact cannot own contacts`,
      );
    }
  }
  const regNumber = simulatedField(input.localRegNumber, null, KYC_STATUSES, 'localRegNumber');
  const { contactOwnerBusinessId: _owner, localRegNumber: _reg, ...rest } = input;
  const fields: MerchantFields = {
    ...rest,
    state: keepOrClear(input.state, null),
    contactOwnerBusinessId: ownerId,
    localRegNumber: regNumber.value,
    kycStatus: regNumber.status ?? 'PENDING',
  };
  return ctx.store.write(() => {
    const merchant = ctx.store.merchants.insert(partnerId, fields, ctx.now());
    // One event per change: the status's when a simulation set it, else the creation's.
    if (regNumber.status) return announceSimulation(ctx, partnerId, merchant);
    announce(ctx, partnerId, 'merchant.created', merchant);
    return merchant;
  });
}

export function updateMerchant(
  ctx: DomainContext,
  partnerId: number,
  id: number,
  input: UpdateInput,
): Merchant {
  const existing = getMerchant(ctx, partnerId, id);
  const regNumber = simulatedField(
    input.localRegNumber,
    existing.localRegNumber,
    KYC_STATUSES,
    'localRegNumber',
  );
  const { localRegNumber: _reg, ...rest } = input;
  const fields: MerchantFields = {
    ...rest,
    state: keepOrClear(input.state, existing.state),
    contactOwnerBusinessId: existing.contactOwnerBusinessId ?? null,
    localRegNumber: regNumber.value,
    kycStatus: regNumber.status ?? existing.kycStatus,
  };
  return ctx.store.write(() => {
    const merchant = ctx.store.merchants.update(partnerId, id, fields, ctx.now());
    if (regNumber.status) return announceSimulation(ctx, partnerId, merchant);
    announce(ctx, partnerId, 'merchant.updated', merchant);
    return merchant;
  });
}

function agreementList(ctx: DomainContext, merchantId: number, baseUrl: string): Agreement[] {
  const accepted = ctx.store.agreements.acceptedTimes(merchantId);
  return AGREEMENTS.map(({ id, slug, name, version }) => {
    const acceptedTime = accepted.get(id) ?? null;
    return {
      id,
      name,
      version,
      url: `${baseUrl}/legal/${slug}`,
      accepted: acceptedTime !== null,
      acceptedTime,
    };
  });
}

export function listAgreements(
  ctx: DomainContext,
  partnerId: number,
  merchantId: number,
  baseUrl: string,
): Agreement[] {
  getMerchant(ctx, partnerId, merchantId);
  return agreementList(ctx, merchantId, baseUrl);
}

export function acceptAgreements(
  ctx: DomainContext,
  partnerId: number,
  merchantId: number,
  agreementIds: number[],
  baseUrl: string,
): Agreement[] {
  getMerchant(ctx, partnerId, merchantId);
  const known = new Set<number>(AGREEMENTS.map((a) => a.id));
  const unknown = agreementIds.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw invalidField(
      'agreementIds',
      `names unknown agreement ${unknown.join(', ')}; the agreements are ${[...known].join(', ')}`,
    );
  }
  ctx.store.write(() => {
    for (const agreementId of new Set(agreementIds)) {
      ctx.store.agreements.accept(merchantId, agreementId, ctx.now());
    }
  });
  return agreementList(ctx, merchantId, baseUrl);
}

export function submitOnboarding(
  ctx: DomainContext,
  partnerId: number,
  merchantId: number,
): Merchant {
  const merchant = getMerchant(ctx, partnerId, merchantId);
  if (!ONBOARDING_STATUSES.includes(merchant.kycStatus)) {
    throw refused(
      'ONBOARDING_NOT_ALLOWED',
      `Onboarding can be submitted while kycStatus is ${ONBOARDING_STATUSES.join(', ')}; merchant ${merchantId} is ${merchant.kycStatus}.`,
    );
  }
  const accepted = ctx.store.agreements.acceptedTimes(merchantId);
  const missing = AGREEMENTS.filter((a) => !accepted.has(a.id));
  if (missing.length > 0) {
    throw refused(
      'AGREEMENTS_NOT_ACCEPTED',
      `Accept every agreement before submitting onboarding; not yet accepted: ${missing
        .map((a) => `${a.id} (${a.name})`)
        .join(', ')}.`,
    );
  }
  const due = ctx.now() + ctx.settings.kycReviewDelayMs;
  const updated = ctx.store.write(() => {
    const underReview = setKycStatus(ctx, partnerId, merchant, 'UNDER_REVIEW');
    ctx.store.tasks.schedule(KYC_REVIEW_TASK, merchantId, due);
    return underReview;
  });
  ctx.scheduled(due);
  return updated;
}

/** The sandbox's review verdict: a merchant still under review becomes VALID. */
export function completeKycReview(ctx: DomainContext, merchantId: number): void {
  ctx.store.tasks.cancel(KYC_REVIEW_TASK, merchantId);
  const merchant = ctx.store.merchants.byIdAnyPartner(merchantId);
  if (!merchant || merchant.kycStatus !== 'UNDER_REVIEW') return;
  const { partnerId, ...record } = merchant;
  setKycStatus(ctx, partnerId, record, 'VALID');
}
