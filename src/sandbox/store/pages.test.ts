// Deep pages: a partner's merchants are numbered in the order created, so a page far down the
// list is an index range; older databases are numbered by their migration; the other lists find
// a page's ids on their index before reading rows.
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { merchantRepository } from './merchants';
import { migrate, migrations } from './migrations';
import { createStore } from '.';
import { openDatabase } from './db';
import { createPartner } from '../domain/partners';
import { merchantFields } from '../testing';

const fields = (name: string) => merchantFields(name);

describe('merchant pages', () => {
  it('are the same newest-first pages at any depth, per partner, by an index range', () => {
    const store = createStore(openDatabase(':memory:'));
    const a = createPartner(store, 'A', 1).id;
    const b = createPartner(store, 'B', 1).id;
    const ids: Record<number, number[]> = { [a]: [], [b]: [] };
    // Interleaved: the partners' merchants share one id sequence.
    for (let i = 0; i < 45; i++) {
      const partner = i % 3 === 0 ? b : a;
      ids[partner]!.push(store.merchants.insert(partner, fields(`M${i}`), i).id);
    }
    for (const partner of [a, b]) {
      const newestFirst = [...ids[partner]!].reverse();
      for (const start of [0, 1, 7, newestFirst.length - 3, newestFirst.length, 100]) {
        const page = store.merchants.list(partner, start, 5).map((m) => m.id);
        expect(page).toEqual(newestFirst.slice(start, start + 6));
      }
    }
    const plan = store.db
      .prepare(
        `EXPLAIN QUERY PLAN SELECT id FROM merchant WHERE partner_id = 1
           AND partner_seq <= (SELECT MAX(partner_seq) FROM merchant WHERE partner_id = 1) - 90000
         ORDER BY partner_seq DESC LIMIT 21`,
      )
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join('\n')).toMatch(
      /SEARCH merchant USING (COVERING )?INDEX merchant_by_partner_seq \(partner_id=\? AND partner_seq<\?\)/,
    );
  });

  it('numbers the merchants of a database made before the numbering, per partner', () => {
    const db = new Database(':memory:');
    for (const m of migrations.filter((m) => m.version <= 4)) db.exec(m.sql);
    db.pragma('user_version = 4');
    db.exec(`INSERT INTO partner (name, api_key, secret_hash, creation_time)
             VALUES ('A', 'ka', 'h', 1), ('B', 'kb', 'h', 1)`);
    const insert = db.prepare(
      `INSERT INTO merchant (partner_id, creation_time, last_update_time, name, local_reg_number,
         country_iso, city, address, street_number, zipcode, kyc_status, contact_name,
         contact_email, contact_phone_prefix, contact_phone, industry)
       VALUES (?, 1, 1, 'M', '', 'DE', 'B', 'T', '1', '1', 'NEW', 'A', 'a@b.c', '49', '1', 'X')`,
    );
    for (const partner of [1, 2, 1, 1, 2]) insert.run(partner);
    migrate(db);
    expect(
      db.prepare('SELECT partner_id AS p, partner_seq AS n FROM merchant ORDER BY id').all(),
    ).toEqual([
      { p: 1, n: 1 },
      { p: 2, n: 1 },
      { p: 1, n: 2 },
      { p: 1, n: 3 },
      { p: 2, n: 2 },
    ]);
    // New merchants carry on from there.
    const repo = merchantRepository(db);
    expect(repo.insert(1, fields('next'), 2).id).toBe(6);
    expect(db.prepare('SELECT partner_seq AS n FROM merchant WHERE id = 6').get()).toEqual({
      n: 4,
    });
  });
});
