import { describe, expect, it } from 'vitest';
import { changesOf } from './audit-changes';

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

describe('what the audit trail keeps of a write', () => {
  it('keeps business values and masks personal data and secrets', () => {
    expect(
      changesOf(
        json({
          toAmount: '1250.50',
          toCurrencySymbol: 'EUR',
          toBusinessId: 7,
          kycStatus: 'VALID',
          cancelReason: 'OTHER',
          name: 'Acme GmbH',
          contactEmail: 'anna@acme.example',
          iban: 'DE89370400440532013000',
          address: { city: 'Berlin', countryIso: 'DE', zipCode: '10115' },
          secret: 'whsec_abcdefgh',
          agreementIds: [1, 2],
        }),
      ),
    ).toEqual({
      toAmount: '1250.50',
      toCurrencySymbol: 'EUR',
      toBusinessId: 7,
      kycStatus: 'VALID',
      cancelReason: 'OTHER',
      name: '…GmbH',
      contactEmail: '…mple',
      iban: '…3000',
      'address.city': '•••',
      'address.countryIso': 'DE',
      'address.zipCode': '•••',
      secret: '•••',
      agreementIds: [1, 2],
    });
  });

  it('names the preset a scenario load built, and keeps none of a file’s records', () => {
    expect(changesOf(json({ preset: 'payout-awaiting-deposit', reset: true }))).toEqual({
      preset: 'payout-awaiting-deposit',
      reset: true,
    });
    const file = { scenario: 1, merchants: [{ ref: 'a', name: 'Acme GmbH' }] };
    expect(changesOf(json({ scenario: file }))).toEqual({
      'scenario.scenario': 1,
      'scenario.merchants': '•••',
    });
  });

  it('says nothing of a body that is not a JSON object', () => {
    expect(changesOf(undefined)).toBeUndefined();
    expect(changesOf(Buffer.from('--boundary\r\n'))).toBeUndefined();
    expect(changesOf(json([1, 2]))).toBeUndefined();
  });
});
