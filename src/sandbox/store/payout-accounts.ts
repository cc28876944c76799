import type { PayoutAccount } from '#/api/schemas/payout-account';
import { type Db, pageQuery } from './db';

const COLUMNS = `id, creation_time AS creationTime, last_update_time AS lastUpdateTime,
  account_number AS accountNumber, account_holder_name AS accountHolderName, bank_name AS bankName,
  swift_code AS swiftCode, iban, routing_number AS routingNumber, country_iso AS countryIso, address,
  street_number AS streetNumber, city, state, zip_code AS zipCode, business_id AS businessId,
  currency_symbol AS currencySymbol, account_status AS accountStatus`;

export type PayoutAccountFields = Omit<PayoutAccount, 'id' | 'creationTime' | 'lastUpdateTime'>;

export interface PayoutAccountFilter {
  businessId?: number | undefined;
  currencySymbol?: string | undefined;
}

export function payoutAccountRepository(db: Db) {
  const insert = db.prepare(
    `INSERT INTO payout_account (partner_id, business_id, currency_symbol, creation_time,
       last_update_time, account_number, account_holder_name, bank_name, swift_code, iban,
       routing_number, country_iso, address, street_number, city, state, zip_code, account_status)
     VALUES (@partnerId, @businessId, @currencySymbol, @now, @now, @accountNumber,
       @accountHolderName, @bankName, @swiftCode, @iban, @routingNumber, @countryIso, @address,
       @streetNumber, @city, @state, @zipCode, @accountStatus)`,
  );
  const update = db.prepare(
    `UPDATE payout_account SET last_update_time = @now, account_number = @accountNumber,
       account_holder_name = @accountHolderName, bank_name = @bankName, swift_code = @swiftCode,
       iban = @iban, routing_number = @routingNumber, country_iso = @countryIso, address = @address,
       street_number = @streetNumber, city = @city, state = @state, zip_code = @zipCode,
       account_status = @accountStatus
     WHERE id = @id AND partner_id = @partnerId`,
  );
  const byId = db.prepare<[number, number], PayoutAccount>(
    `SELECT ${COLUMNS} FROM payout_account WHERE id = ? AND partner_id = ?`,
  );
  // One statement per filter combination, so each can use its own index.
  const listBy = (where: string) =>
    db.prepare<unknown[], PayoutAccount>(
      pageQuery(COLUMNS, 'payout_account', `partner_id = ? ${where}`),
    );
  const lists = {
    none: listBy(''),
    business: listBy('AND business_id = ?'),
    currency: listBy('AND currency_symbol = ?'),
    both: listBy('AND business_id = ? AND currency_symbol = ?'),
  };

  const every = db.prepare<[number, number], PayoutAccount>(
    `SELECT ${COLUMNS} FROM payout_account WHERE partner_id = ? ORDER BY id LIMIT ?`,
  );

  return {
    /** The partner's first `limit` accounts, oldest first (a scenario's export). */
    every: (partnerId: number, limit: number) => every.all(partnerId, limit),
    insert(partnerId: number, fields: PayoutAccountFields, now: number): PayoutAccount {
      const id = Number(insert.run({ partnerId, now, ...fields }).lastInsertRowid);
      return byId.get(id, partnerId)!;
    },
    update(partnerId: number, id: number, fields: PayoutAccountFields, now: number): PayoutAccount {
      update.run({ partnerId, id, now, ...fields });
      return byId.get(id, partnerId)!;
    },
    byId: (partnerId: number, id: number) => byId.get(id, partnerId),
    /** One more row than asked for, so the caller can tell whether more follow. */
    list(partnerId: number, filter: PayoutAccountFilter, start: number, limit: number) {
      const { businessId, currencySymbol } = filter;
      const page = [limit + 1, start];
      if (businessId !== undefined && currencySymbol !== undefined)
        return lists.both.all(partnerId, businessId, currencySymbol, ...page);
      if (businessId !== undefined) return lists.business.all(partnerId, businessId, ...page);
      if (currencySymbol !== undefined)
        return lists.currency.all(partnerId, currencySymbol, ...page);
      return lists.none.all(partnerId, ...page);
    },
  };
}
