// Batches kept in the dashboard's database, on SQLite and PostgreSQL: created whole with their
// rows, fixed in place, invalid rows left out, and a thousand rows in one go.
import { describe, expect, it } from 'vitest';
import { dashboardDbFor, DIALECTS } from '../store/testing';
import { readBatchFile } from './file';
import { batchStore } from './store';
import { REQUEST_EXAMPLES } from '#/api/examples';
import type { RowResult, ValidRow } from './validate';

/** A checked row: the reference's example payout, numbered. */
const valid = (row: number): RowResult => ({
  row,
  problems: [],
  valid: {
    ...(REQUEST_EXAMPLES.sendc2fCreate as Omit<ValidRow, 'toCurrencySymbol'>),
    toCurrencySymbol: 'EUR',
    toAmount: `${row}.00`,
    invoiceUrl: null,
    depositConfirmationUrl: null,
    reference: `R-${row}`,
  },
});
const invalid = (row: number): RowResult => ({
  row,
  problems: [{ row, column: 'merchant', message: 'merchant is required' }],
});

async function fileOf(count: number) {
  const lines = Array.from(
    { length: count },
    (_, i) => `1,1,USDT(TRC20),${i + 1},SALARY,R-${i + 2}`,
  );
  return readBatchFile(
    Buffer.from(
      `merchant,payout_account,deposit_currency,payout_amount,purpose,reference\n${lines.join('\n')}\n`,
    ),
  );
}

describe.each(DIALECTS)('batches on %s', (dialect) => {
  const store = dashboardDbFor(dialect, async (db) => {
    await db.db
      .insertInto('app_user')
      .values({
        id: 'u1',
        email: 'finance@partner.example',
        name: 'Fatima Finance',
        password_hash: 'x',
        roles: 'finance',
        created_at: 1,
        disabled_at: null,
      })
      .execute();
  });
  const batches = () => batchStore(store());

  const create = async (results: RowResult[], environment = 'sandbox') => {
    const file = await fileOf(results.length);
    return batches().create({
      environment,
      product: 'sendc2f',
      uploadedBy: 'u1',
      fileName: 'march-payroll.csv',
      file,
      results,
    });
  };

  it('keeps a batch with its rows; a draft until every row left in is ready', async () => {
    const id = await create([valid(2), invalid(3), valid(4)]);
    const batch = (await batches().get('sandbox', id))!;
    expect(batch).toMatchObject({
      status: 'draft',
      product: 'sendc2f',
      fileName: 'march-payroll.csv',
      format: 'csv',
      decimal: '.',
      uploadedBy: 'u1',
    });
    expect(batch.rows.map((r) => [r.row, r.state])).toEqual([
      [2, 'ready'],
      [3, 'invalid'],
      [4, 'ready'],
    ]);
    expect(batch.rows[0]!.cells.reference).toBe('R-2');
    expect(batch.rows[1]!.problems[0]!.message).toBe('merchant is required');
    expect(batch.rows[0]!.valid).toMatchObject({ toAmount: '2.00' });
    // Another environment does not see it.
    expect(await batches().get('live', id)).toBeUndefined();
  });

  it('takes a row fixed in place, and is validated once none is invalid', async () => {
    const id = await create([valid(2), invalid(3)]);
    const cells = (await batches().get('sandbox', id))!.rows[1]!.cells;
    expect(await batches().fixRow(id, 3, { ...cells, merchant: '1' }, [valid(3)])).toBe(true);
    const batch = (await batches().get('sandbox', id))!;
    expect(batch.status).toBe('validated');
    expect(batch.rows[1]).toMatchObject({ state: 'ready', cells: { merchant: '1' }, problems: [] });
    expect(await batches().fixRow(id, 99, cells, [valid(99)])).toBe(false);
  });

  it('leaves invalid rows out on request, keeping them to show', async () => {
    const id = await create([invalid(2), valid(3), invalid(4)]);
    expect(await batches().excludeInvalid(id)).toBe(2);
    const batch = (await batches().get('sandbox', id))!;
    expect(batch.status).toBe('validated');
    expect(batch.rows.map((r) => r.state)).toEqual(['excluded', 'ready', 'excluded']);
    // A batch with nothing ready left stays a draft.
    const none = await create([invalid(2)]);
    await batches().excludeInvalid(none);
    expect((await batches().get('sandbox', none))!.status).toBe('draft');
  });

  it('keeps a thousand rows in one go, and lists batches newest first', async () => {
    const results = Array.from({ length: 1000 }, (_, i) => valid(i + 2));
    const id = await create(results);
    const batch = (await batches().get('sandbox', id))!;
    expect(batch.rows).toHaveLength(1000);
    expect(batch.rows.at(-1)!.row).toBe(1001);
    const listed = await batches().list('sandbox', 2);
    expect(listed[0]).toMatchObject({ id, status: 'validated', fileName: 'march-payroll.csv' });
  });
});
