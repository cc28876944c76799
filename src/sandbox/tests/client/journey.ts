// An integrator's journey through the sandbox with a client generated from its OpenAPI document
// (openapi-typescript's types, openapi-fetch's client), type-checked under `strict` with no
// casts: a merchant and its payout account, a crypto payout driven to completion, a collection
// whose deposit confirmation is an uploaded file, and an end-to-end transfer cancelled.
// Run against a live sandbox by generated-client.test.ts (docs/decisions/039).
import createClient from 'openapi-fetch';
import type { components, paths } from './openapi-types';

type Schemas = components['schemas'];
type PayoutStatus = Schemas['CryptoPayout']['clientStatus'];
type CollectionStatus = Schemas['Collection']['clientStatus'];

/** Every payout status in words: the compiler holds this switch to the document's enum. */
export function payoutPhase(status: PayoutStatus): string {
  switch (status) {
    case 'OnOff_PENDING':
      return 'waiting for a quote';
    case 'OnOff_AWAITING_QUOTE_APPROVAL':
      return 'quote to approve';
    case 'OnOff_AWAITING_DEPOSIT':
      return 'deposit to send';
    case 'OnOff_IN_PROGRESS':
      return 'paying out';
    case 'OnOff_COMPLETED':
      return 'paid out';
    case 'OnOff_CANCELED':
      return 'cancelled';
    default: {
      const unknown: never = status;
      return unknown;
    }
  }
}

const collectionDone = (status: CollectionStatus) => status === 'Receive_COMPLETED';

export interface JourneyResult {
  merchantId: number;
  payout: { id: number; phases: string[]; walletAddress: string; payout: string | null };
  collection: { id: number; fileName: string; completed: boolean; bankName: string | null };
  transfer: { id: number; status: PayoutStatus; cancelReason: string | null };
}

export async function journey(
  baseUrl: string,
  credentials: { key: string; secret: string },
): Promise<JourneyResult> {
  const api = createClient<paths>({
    baseUrl,
    headers: { 'x-api-key': credentials.key, 'x-api-secret': credentials.secret },
  });
  /** The answer's data, or the problem's detail as an error. */
  const ok = <T>(answer: { data?: T; error?: { detail?: string } }): T => {
    if (answer.data === undefined) throw new Error(answer.error?.detail ?? 'no answer');
    return answer.data;
  };

  const merchant = ok(
    await api.POST('/v1/business/', {
      body: {
        name: 'Generated Client Ltd',
        localRegNumber: 'GC 1|VALID',
        countryIso: 'DE',
        city: 'Berlin',
        address: 'Torstraße',
        streetNumber: '1',
        zipcode: '10119',
        contactName: 'Ada Client',
        contactEmail: 'ada@client.example',
        contactPhonePrefix: '49',
        contactPhone: '301234567',
        industry: 'GARMENTS',
      },
    }),
  );
  const account = ok(
    await api.POST('/v1/businessExternalAccount/', {
      body: {
        businessId: merchant.id,
        currencySymbol: 'EUR',
        accountHolderName: merchant.name,
        bankName: 'Deutsche Bank',
        countryIso: 'DE',
        accountNumber: 'GC-1|ACTIVE',
      },
    }),
  );
  const parties = { fromBusinessId: merchant.id, toBusinessExternalAccountId: account.id };

  // A crypto payout from creation to completion, the sandbox's moves done at once.
  const run = async (id: number) =>
    ok(
      await api.POST('/v1/sandbox/moves/run', {
        body: { objectType: 'transaction', objectId: id },
      }),
    );
  const created = ok(
    await api.POST('/v1/sendc2f/', {
      body: {
        ...parties,
        fromCurrencySymbol: 'USDT(TRC20)',
        toAmount: '250.00',
        purpose: 'GOODS_PURCHASE',
      },
    }),
  );
  const id = created.businessRequestId;
  const phases = [payoutPhase(created.clientStatus)];
  await run(id);
  const approved = ok(
    await api.POST('/v1/sendc2f/approveQuote/{id}', { params: { path: { id } } }),
  );
  phases.push(payoutPhase(approved.clientStatus));
  const wallet = approved.walletDetails;
  if (wallet === null) throw new Error('an approved payout names its wallet');
  ok(await api.POST('/v1/sendc2f/approveDeposit/{id}', { params: { path: { id } } }));
  await run(id);
  const paid = ok(await api.GET('/v1/sendc2f/{id}', { params: { path: { id } } }));
  phases.push(payoutPhase(paid.clientStatus));

  // A collection whose deposit confirmation is a file uploaded as multipart.
  const upload = ok(
    await api.POST('/v1/file/', {
      body: { file: new Blob([PNG], { type: 'image/png' }) },
      bodySerializer: (body) => {
        const form = new FormData();
        form.append('file', body.file, 'deposit-slip.png');
        return form;
      },
    }),
  );
  const collection = ok(
    await api.POST('/v1/receive/', {
      body: { ...parties, fromCurrencySymbol: 'USD', toAmount: '80.00', purpose: 'SALARY' },
    }),
  );
  const collectionId = collection.businessRequestId;
  ok(
    await api.POST('/v1/receive/approveDeposit/{id}', {
      params: { path: { id: collectionId } },
      body: { depositConfirmationUrl: upload.url },
    }),
  );
  await run(collectionId);
  const collected = ok(
    await api.GET('/v1/receive/{id}', { params: { path: { id: collectionId } } }),
  );

  // An end-to-end transfer cancelled, with the reason OTHER and its words.
  const transfer = ok(
    await api.POST('/v1/sendf2f/', {
      body: { ...parties, fromCurrencySymbol: 'USD', toAmount: '40.00', purpose: 'OTHER' },
    }),
  );
  const cancelled = ok(
    await api.POST('/v1/sendf2f/cancel/{id}', {
      params: { path: { id: transfer.businessRequestId } },
      body: { reason: 'OTHER', otherReason: 'Sent twice by the client' },
    }),
  );

  return {
    merchantId: merchant.id,
    payout: { id, phases, walletAddress: wallet.walletAddress, payout: paid.payout },
    collection: {
      id: collectionId,
      fileName: upload.fileName,
      completed: collectionDone(collected.clientStatus),
      bankName: collected.bankDetails?.bankName ?? null,
    },
    transfer: {
      id: transfer.businessRequestId,
      status: cancelled.clientStatus,
      cancelReason: cancelled.cancelReason,
    },
  };
}

/** A one-pixel PNG. */
const PNG = Uint8Array.from(
  Buffer.from(
    '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c80000000049454e44ae426082',
    'hex',
  ),
);
