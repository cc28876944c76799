// Payout accounts: creation under a merchant, updates, and the status simulation.
import type { z } from 'zod';
import {
  ACCOUNT_STATUSES,
  type PayoutAccount,
  type PayoutAccountCreate,
  type PayoutAccountUpdate,
} from '#/api/schemas/payout-account';
import type { PayoutAccountFields, PayoutAccountFilter } from '../store/payout-accounts';
import type { DomainContext } from './context';
import { isPayoutCurrency, payoutCurrencySymbols } from './currencies';
import { invalidField, notFound, refused } from './errors';
import { recordEvent } from './events';
import { toPage } from './pagination';
import { keepOrClear, simulatedField } from './simulation';

type CreateInput = z.output<typeof PayoutAccountCreate>;
type UpdateInput = z.output<typeof PayoutAccountUpdate>;

export function getPayoutAccount(ctx: DomainContext, partnerId: number, id: number): PayoutAccount {
  const account = ctx.store.payoutAccounts.byId(partnerId, id);
  if (!account) throw notFound('Payout account', id);
  return account;
}

export function listPayoutAccounts(
  ctx: DomainContext,
  partnerId: number,
  filter: PayoutAccountFilter,
  start: number,
  limit: number,
) {
  return toPage(ctx.store.payoutAccounts.list(partnerId, filter, start, limit), start, limit);
}

function accountFields(input: UpdateInput, stored: PayoutAccount | undefined) {
  return {
    accountHolderName: input.accountHolderName,
    bankName: input.bankName,
    countryIso: input.countryIso,
    swiftCode: keepOrClear(input.swiftCode, stored?.swiftCode),
    iban: keepOrClear(input.iban, stored?.iban),
    routingNumber: keepOrClear(input.routingNumber, stored?.routingNumber),
    address: keepOrClear(input.address, stored?.address),
    streetNumber: keepOrClear(input.streetNumber, stored?.streetNumber),
    city: keepOrClear(input.city, stored?.city),
    state: keepOrClear(input.state, stored?.state),
    zipCode: keepOrClear(input.zipCode, stored?.zipCode),
  };
}

/** Records that an account was created or its fields were changed (docs/decisions/018). */
function announce(
  ctx: DomainContext,
  partnerId: number,
  type: 'payout_account.created' | 'payout_account.updated',
  account: PayoutAccount,
) {
  recordEvent(ctx, partnerId, {
    type,
    objectType: 'payout_account',
    objectId: account.id,
    data: account,
  });
}

/** Records the event of the status an account now has (written with its other fields). */
function announceAccountStatus(
  ctx: DomainContext,
  partnerId: number,
  account: PayoutAccount,
): PayoutAccount {
  recordEvent(ctx, partnerId, {
    type: 'payout_account.status.changed',
    objectType: 'payout_account',
    objectId: account.id,
    data: account,
  });
  return account;
}

function requireNumberOrIban(fields: PayoutAccountFields) {
  if (!fields.accountNumber && !fields.iban) {
    throw invalidField('accountNumber', 'is required when there is no IBAN');
  }
}

export function createPayoutAccount(
  ctx: DomainContext,
  partnerId: number,
  input: CreateInput,
): PayoutAccount {
  if (!ctx.store.merchants.byId(partnerId, input.businessId)) {
    throw invalidField(
      'businessId',
      `must be one of your merchants; merchant ${input.businessId} was not found`,
    );
  }
  if (!isPayoutCurrency(input.currencySymbol)) {
    throw invalidField(
      'currencySymbol',
      `must be a fiat payout currency: ${payoutCurrencySymbols().join(', ')}`,
      'CURRENCY_NOT_SUPPORTED',
    );
  }
  const accountNumber = simulatedField(
    input.accountNumber,
    null,
    ACCOUNT_STATUSES,
    'accountNumber',
  );
  const fields: PayoutAccountFields = {
    ...accountFields(input, undefined),
    accountNumber: accountNumber.value,
    businessId: input.businessId,
    currencySymbol: input.currencySymbol,
    accountStatus: accountNumber.status ?? 'PENDING',
  };
  requireNumberOrIban(fields);
  return ctx.store.write(() => {
    const account = ctx.store.payoutAccounts.insert(partnerId, fields, ctx.now());
    // One event per change: the status's when a simulation set it, else the creation's.
    if (!accountNumber.status) announce(ctx, partnerId, 'payout_account.created', account);
    return accountNumber.status ? announceAccountStatus(ctx, partnerId, account) : account;
  });
}

export function updatePayoutAccount(
  ctx: DomainContext,
  partnerId: number,
  id: number,
  input: UpdateInput,
): PayoutAccount {
  const existing = getPayoutAccount(ctx, partnerId, id);
  if (existing.accountStatus === 'CLOSED') {
    throw refused(
      'INVALID_STATE_TRANSITION',
      `Payout account ${id} is CLOSED; a closed account takes no further updates.`,
    );
  }
  const accountNumber = simulatedField(
    input.accountNumber,
    existing.accountNumber ?? null,
    ACCOUNT_STATUSES,
    'accountNumber',
  );
  const fields: PayoutAccountFields = {
    ...existing,
    ...accountFields(input, existing),
    accountNumber: accountNumber.value,
    accountStatus: accountNumber.status ?? existing.accountStatus,
  };
  requireNumberOrIban(fields);
  return ctx.store.write(() => {
    const account = ctx.store.payoutAccounts.update(partnerId, id, fields, ctx.now());
    if (!accountNumber.status) announce(ctx, partnerId, 'payout_account.updated', account);
    return accountNumber.status ? announceAccountStatus(ctx, partnerId, account) : account;
  });
}
