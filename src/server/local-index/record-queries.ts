// Payees and parties as the local index knows them (docs/decisions/018, 040): accounts with the
// same number, a bulk file's parties, an account's open payments and whether it was paid before,
// and names by id.
import { type SqlBool, sql } from 'kysely';
import type { Merchant } from '#/api/schemas/merchant';
import type { PayoutAccount } from '#/api/schemas/payout-account';
import type { Product } from '#/api/schemas/transaction';
import { accountNumberKey, ibanKey } from '#/api/payee';
import type { DashboardDb } from '../store/db';
import { wordsOf } from './terms';
import { columnById, parse } from './query-rows';

export function recordQueries(store: DashboardDb) {
  const { db } = store;
  return {
    /**
     * Accounts of other merchants with this IBAN or account number (payee safety: the same
     * number on two merchants is worth a second look), with their merchant's name.
     */
    async accountsWithNumber(
      environment: string,
      numbers: { iban?: string | null; accountNumber?: string | null },
      notOf: { accountId?: number | undefined; businessId?: number | undefined },
    ) {
      const iban = numbers.iban ? ibanKey(numbers.iban) : null;
      const number = numbers.accountNumber ? accountNumberKey(numbers.accountNumber) : null;
      if (!iban && !number) return [];
      let select = db
        .selectFrom('index_account as a')
        .leftJoin('index_merchant as m', (join) =>
          join.onRef('m.environment', '=', 'a.environment').onRef('m.id', '=', 'a.business_id'),
        )
        .select(['a.id', 'a.business_id', 'a.iban_key', 'a.number_key', 'm.name'])
        .where('a.environment', '=', environment)
        .where((eb) =>
          eb.or([
            ...(iban ? [eb('a.iban_key', '=', iban)] : []),
            ...(number ? [eb('a.number_key', '=', number)] : []),
          ]),
        );
      if (notOf.accountId !== undefined) select = select.where('a.id', '!=', notOf.accountId);
      if (notOf.businessId !== undefined)
        select = select.where('a.business_id', '!=', notOf.businessId);
      const rows = await select.orderBy('a.id').limit(20).execute();
      return rows.map((r) => ({
        accountId: Number(r.id),
        businessId: Number(r.business_id),
        merchantName: r.name ?? null,
        field: iban && r.iban_key === iban ? ('iban' as const) : ('accountNumber' as const),
      }));
    },

    /**
     * What a bulk payout file's `merchant` cells may name (by id, registration number, or exact
     * name in any case), with every merchant of their circles and all those merchants'
     * accounts: what validation needs, in three queries whatever the file's length.
     */
    async batchParties(environment: string, refs: readonly string[]) {
      const wanted = [...new Set(refs.map((r) => r.trim()).filter(Boolean))];
      const none = { merchants: [] as Merchant[], accounts: [] as PayoutAccount[], paid: [] };
      if (wanted.length === 0) return none;
      const ids = wanted.filter((r) => /^\d{1,15}$/.test(r)).map(Number);
      // The folded name (any letter's case, not only ASCII's as SQL's lower() folds): it finds
      // the candidates; the exact name is checked by the caller.
      const names = wanted.map((r) => wordsOf(r).join(' '));
      const merchants = () =>
        db.selectFrom('index_merchant').where('environment', '=', environment);
      const named = await merchants()
        .select(['id', 'owner_id'])
        .where((eb) =>
          eb.or([
            ...(ids.length > 0 ? [eb('id', 'in', ids)] : []),
            eb('name_key', 'in', names),
            // The registration number is only in the record: its JSON form, exactly.
            ...wanted.map((r) => {
              const pattern = `%"localRegNumber":${JSON.stringify(r).replace(/[\\%_]/g, '\\$&')}%`;
              return sql<SqlBool>`record LIKE ${pattern} ESCAPE '\\'`;
            }),
          ]),
        )
        .execute();
      const customers = [...new Set(named.map((m) => Number(m.owner_id ?? m.id)))];
      if (customers.length === 0) return none;
      // Accounts a named merchant has already paid, whoever owns them: the API takes any of the
      // partner's accounts, and a pair with a payment behind it is no stranger (issue 43).
      const paid = await db
        .selectFrom('index_transaction')
        .select(['from_business_id', 'account_id'])
        .distinct()
        .where('environment', '=', environment)
        .where(
          'from_business_id',
          'in',
          named.map((m) => Number(m.id)),
        )
        .execute();
      const circle = await merchants()
        .select(['id', 'record'])
        .where((eb) =>
          eb.or([
            eb('id', 'in', [...customers, ...named.map((m) => Number(m.id))]),
            eb('owner_id', 'in', customers),
          ]),
        )
        .execute();
      const paidIds = [...new Set(paid.map((p) => Number(p.account_id)))];
      const accounts = await db
        .selectFrom('index_account')
        .select('record')
        .where('environment', '=', environment)
        .where((eb) =>
          eb.or([
            eb(
              'business_id',
              'in',
              circle.map((m) => Number(m.id)),
            ),
            ...(paidIds.length > 0 ? [eb('id', 'in', paidIds)] : []),
          ]),
        )
        .execute();
      return {
        merchants: circle.map((m) => parse<Merchant>(m.record)),
        accounts: accounts.map((a) => parse<PayoutAccount>(a.record)),
        paid: paid.map((p) => ({
          merchantId: Number(p.from_business_id),
          accountId: Number(p.account_id),
        })),
      };
    },

    /** The names of these merchants, by id, as far as the index knows them. */
    /**
     * Transactions to a payout account that are not final yet, newest first: they pay the
     * account's details as they were when each was created (docs/decisions/040).
     */
    async openPaymentsTo(environment: string, accountId: number, limit = 50) {
      const rows = await db
        .selectFrom('index_transaction')
        .select(['product', 'id', 'client_status', 'to_amount', 'to_currency', 'creation_time'])
        .where('environment', '=', environment)
        .where('account_id', '=', accountId)
        .where('final', '=', 0)
        .orderBy('creation_time', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        product: r.product as Product,
        transactionId: Number(r.id),
        clientStatus: r.client_status,
        amount: r.to_amount,
        currency: r.to_currency,
        createdAt: Number(r.creation_time),
      }));
    },

    /**
     * Of these payout accounts, those that have been paid before: a completed transaction to
     * them other than `except`. An account not in the answer would get its first payment.
     */
    async accountsPaidBefore(
      environment: string,
      accountIds: readonly number[],
      except?: { product: string; id: number },
    ): Promise<Set<number>> {
      const paid = new Set<number>();
      if (accountIds.length === 0) return paid;
      let select = db
        .selectFrom('index_transaction')
        .select('account_id')
        .distinct()
        .where('environment', '=', environment)
        .where('account_id', 'in', [...new Set(accountIds)])
        .where('completed_at', 'is not', null);
      if (except)
        select = select.where((eb) =>
          eb.or([eb('product', '!=', except.product), eb('id', '!=', except.id)]),
        );
      for (const row of await select.execute()) paid.add(Number(row.account_id));
      return paid;
    },

    /** Payout accounts by id, as the index last saw them from the API. */
    async accountsById(environment: string, ids: readonly number[]) {
      const records = await columnById(store, 'index_account', 'record', environment, ids);
      return new Map([...records].map(([id, record]) => [id, parse<PayoutAccount>(record)]));
    },

    merchantNames: (environment: string, ids: readonly number[]) =>
      columnById(store, 'index_merchant', 'name', environment, ids),
  };
}
