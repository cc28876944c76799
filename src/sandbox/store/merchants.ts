import type { KycStatus, Merchant } from '#/api/schemas/merchant';
import { type Db, readMemory } from './db';

const COLUMNS = `id, creation_time AS creationTime, last_update_time AS lastUpdateTime, name,
  contact_owner_business_id AS contactOwnerBusinessId,
  NULLIF(local_reg_number, '') AS localRegNumber,
  country_iso AS countryIso, state, city, address, street_number AS streetNumber, zipcode,
  kyc_status AS kycStatus, contact_name AS contactName, contact_email AS contactEmail,
  contact_phone_prefix AS contactPhonePrefix, contact_phone AS contactPhone, industry`;

/** A row of COLUMNS, read positionally (cheaper than a named object per row), as the wire's object. */
function merchantOf(row: unknown[]): Merchant {
  return {
    id: row[0],
    creationTime: row[1],
    lastUpdateTime: row[2],
    name: row[3],
    contactOwnerBusinessId: row[4],
    localRegNumber: row[5],
    countryIso: row[6],
    state: row[7],
    city: row[8],
    address: row[9],
    streetNumber: row[10],
    zipcode: row[11],
    kycStatus: row[12],
    contactName: row[13],
    contactEmail: row[14],
    contactPhonePrefix: row[15],
    contactPhone: row[16],
    industry: row[17],
  } as Merchant;
}

/** Every stored field of a merchant, as written by create and update. */
export type MerchantFields = Omit<Merchant, 'id' | 'creationTime' | 'lastUpdateTime'>;

/** The column keeps '' for "no registration number"; the wire says null (decision 012). */
function stored(fields: MerchantFields) {
  return { ...fields, localRegNumber: fields.localRegNumber ?? '' };
}

export function merchantRepository(db: Db) {
  const insert = db.prepare(
    `INSERT INTO merchant (partner_id, partner_seq, creation_time, last_update_time, name,
       contact_owner_business_id, local_reg_number, country_iso, state, city, address,
       street_number, zipcode, kyc_status, contact_name, contact_email, contact_phone_prefix,
       contact_phone, industry)
     VALUES (@partnerId,
       (SELECT COALESCE(MAX(partner_seq), 0) + 1 FROM merchant WHERE partner_id = @partnerId),
       @now, @now, @name, @contactOwnerBusinessId, @localRegNumber, @countryIso,
       @state, @city, @address, @streetNumber, @zipcode, @kycStatus, @contactName, @contactEmail,
       @contactPhonePrefix, @contactPhone, @industry)`,
  );
  const update = db.prepare(
    `UPDATE merchant SET last_update_time = @now, name = @name, local_reg_number = @localRegNumber,
       country_iso = @countryIso, state = @state, city = @city, address = @address,
       street_number = @streetNumber, zipcode = @zipcode, kyc_status = @kycStatus,
       contact_name = @contactName, contact_email = @contactEmail,
       contact_phone_prefix = @contactPhonePrefix, contact_phone = @contactPhone,
       industry = @industry
     WHERE id = @id AND partner_id = @partnerId`,
  );
  const setStatus = db.prepare<[KycStatus, number, number, number]>(
    'UPDATE merchant SET kyc_status = ?, last_update_time = ? WHERE id = ? AND partner_id = ?',
  );
  const byIdRow = db
    .prepare<[number, number], unknown[]>(
      `SELECT ${COLUMNS} FROM merchant WHERE id = ? AND partner_id = ?`,
    )
    .raw(true);
  // A merchant by id is the API's most frequent read: answered from memory while nothing wrote.
  const memory = readMemory<Merchant>(db);
  const read = (id: number, partnerId: number): Merchant | undefined => {
    const row = byIdRow.get(id, partnerId);
    return row ? merchantOf(row) : undefined;
  };
  const byId = {
    get(id: number, partnerId: number): Merchant | undefined {
      return memory.get(`${partnerId}:${id}`, () => read(id, partnerId));
    },
  };
  const written = (partnerId: number, id: number) => memory.forget(`${partnerId}:${id}`);
  const byIdAnyPartner = db.prepare<[number], Merchant & { partnerId: number }>(
    `SELECT ${COLUMNS}, partner_id AS partnerId FROM merchant WHERE id = ?`,
  );
  // Newest first by each merchant's number among its partner's: the page starting `start`
  // from the newest is a range of that index, however deep.
  const list = db.prepare<{ partnerId: number; start: number; limit: number }, Merchant>(
    `SELECT ${COLUMNS} FROM merchant
     WHERE partner_id = @partnerId
       AND partner_seq <= (SELECT MAX(partner_seq) FROM merchant WHERE partner_id = @partnerId)
         - @start
     ORDER BY partner_seq DESC LIMIT @limit`,
  );

  const every = db
    .prepare<[number, number], unknown[]>(
      `SELECT ${COLUMNS} FROM merchant WHERE partner_id = ? ORDER BY id LIMIT ?`,
    )
    .raw(true);

  const namesLike = db.prepare<[number, string, string], { name: string }>(
    `SELECT name FROM merchant
       WHERE partner_id = ? AND (name = ? OR name LIKE ? ESCAPE '\\')`,
  );

  return {
    /** The partner's merchant names that are `name` or `name (n)` (a scenario's next name). */
    namesLike: (partnerId: number, name: string) =>
      new Set(
        namesLike
          .all(partnerId, name, `${name.replace(/[\\%_]/g, '\\$&')} (%)`)
          .map((row) => row.name),
      ),
    /** The partner's first `limit` merchants, oldest first (a scenario's export). */
    every: (partnerId: number, limit: number) => every.all(partnerId, limit).map(merchantOf),
    /** After rows were deleted (a partner's reset): nothing remembered is kept. */
    forgetAll: () => memory.clear(),
    insert(partnerId: number, fields: MerchantFields, now: number): Merchant {
      const id = Number(insert.run({ partnerId, now, ...stored(fields) }).lastInsertRowid);
      written(partnerId, id);
      return byId.get(id, partnerId)!;
    },
    update(partnerId: number, id: number, fields: MerchantFields, now: number): Merchant {
      update.run({ partnerId, id, now, ...stored(fields) });
      written(partnerId, id);
      return byId.get(id, partnerId)!;
    },
    setKycStatus(partnerId: number, id: number, status: KycStatus, now: number): Merchant {
      setStatus.run(status, now, id, partnerId);
      written(partnerId, id);
      return byId.get(id, partnerId)!;
    },
    byId: (partnerId: number, id: number) => byId.get(id, partnerId),
    /** For background tasks, which run outside any partner's request. */
    byIdAnyPartner: (id: number) => byIdAnyPartner.get(id),
    /** One more row than asked for, so the caller can tell whether more follow. */
    list: (partnerId: number, start: number, limit: number) =>
      list.all({ partnerId, start, limit: limit + 1 }),
  };
}
