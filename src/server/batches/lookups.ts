// What validating a bulk payout file needs to know, read from the local index in a few queries
// whatever the file's length (docs/decisions/033).
import type { Currency } from '#/api/schemas/reference';
import type { LocalIndex } from '../local-index/store';
import type { BatchFile } from './file';
import type { BatchLookups, RecentPayment } from './validate';

export async function batchLookups(
  index: LocalIndex,
  environment: string,
  file: Pick<BatchFile, 'rows'>,
  currencies: readonly Currency[],
  recent: readonly RecentPayment[],
): Promise<BatchLookups> {
  const parties = await index.batchParties(
    environment,
    file.rows.map((r) => r.values.merchant),
  );
  return {
    merchants: parties.merchants.map((m) => ({
      id: m.id,
      name: m.name,
      kycStatus: m.kycStatus,
      ownerId: m.contactOwnerBusinessId ?? null,
      localRegNumber: m.localRegNumber ?? null,
    })),
    accounts: parties.accounts.map((a) => ({
      id: a.id,
      businessId: a.businessId,
      currencySymbol: a.currencySymbol,
      accountStatus: a.accountStatus,
      iban: a.iban ?? null,
      accountNumber: a.accountNumber ?? null,
    })),
    paid: new Set(parties.paid.map((p) => `${p.merchantId}:${p.accountId}`)),
    currencies,
    recent,
  };
}
