// The money reports' running totals (migration 021, docs/decisions/038): per hour of UTC, what
// completed (count and exact sums per product and currency pair) and what was created (count
// per status); per merchant and payout currency, the sum of its positive payout amounts ever
// completed (a bound no period's sum can pass). Kept by triggers on `index_transaction`, so that
// every write, whatever code makes it, keeps them true: an inserted row adds itself, a deleted
// one takes itself away, an updated one does both when a column they read changed.
//
// Part of migration 021: change it only with a new migration.
import { type Kysely, PostgresAdapter, sql } from 'kysely';

export const HOUR_MS = 3_600_000;

export interface Rollup {
  table: string;
  /** Key columns and the expression of each over a row (`R` stands for NEW or OLD). */
  key: Array<[column: string, expression: string]>;
  /** Summed columns and the amount one row adds. */
  sums: Array<[column: string, expression: string]>;
  /** When a row counts at all. */
  when: string;
  /** The row's columns the rollup reads: an update touching none of them changes nothing. */
  reads: string[];
}

const hourOf = (column: string) => `R.${column} - R.${column} % ${HOUR_MS}`;
const positive = (column: string) =>
  `CASE WHEN R.to_units > 0 OR R.to_nanos > 0 THEN R.${column} ELSE 0 END`;

export const ROLLUPS: Rollup[] = [
  {
    table: 'index_report_volume',
    key: [
      ['environment', 'R.environment'],
      ['hour', hourOf('completed_at')],
      ['product', 'R.product'],
      ['to_currency', 'R.to_currency'],
      ['from_currency', 'R.from_currency'],
    ],
    sums: [
      ['n', '1'],
      ['to_units', 'R.to_units'],
      ['to_nanos', 'R.to_nanos'],
      ['from_units', 'COALESCE(R.from_units, 0)'],
      ['from_nanos', 'COALESCE(R.from_nanos, 0)'],
      ['inexact', '1 - R.amounts_exact'],
    ],
    when: 'R.completed_at IS NOT NULL',
    reads: [
      'environment',
      'completed_at',
      'product',
      'to_currency',
      'from_currency',
      'to_units',
      'to_nanos',
      'from_units',
      'from_nanos',
      'amounts_exact',
    ],
  },
  {
    table: 'index_report_status',
    key: [
      ['environment', 'R.environment'],
      ['hour', hourOf('creation_time')],
      ['product', 'R.product'],
      ['to_currency', 'R.to_currency'],
      ['client_status', 'R.client_status'],
    ],
    sums: [['n', '1']],
    when: 'R.creation_time IS NOT NULL',
    reads: ['environment', 'creation_time', 'product', 'to_currency', 'client_status'],
  },
  {
    table: 'index_report_merchant',
    key: [
      ['environment', 'R.environment'],
      ['merchant_id', 'R.from_business_id'],
      ['to_currency', 'R.to_currency'],
    ],
    sums: [
      ['n', '1'],
      ['units', positive('to_units')],
      ['nanos', positive('to_nanos')],
    ],
    when: 'R.completed_at IS NOT NULL',
    reads: [
      'environment',
      'completed_at',
      'from_business_id',
      'to_currency',
      'to_units',
      'to_nanos',
    ],
  },
];

/** An expression of the rollup over `row` (NEW, OLD, or a table's alias). */
const over = (expression: string, row: string) => expression.replaceAll('R.', `${row}.`);

/**
 * The rollup's totals computed afresh from `index_transaction t` (under `where`, over `t`): what
 * the migration fills it with, and what its tests hold it to.
 */
export function totalsFromRows(r: Rollup, where = 'TRUE') {
  const of = (expression: string) => over(expression, 't');
  const columns = [
    ...r.key.map(([c, e]) => `${of(e)} AS ${c}`),
    ...r.sums.map(([c, e]) => `SUM(${of(e)}) AS ${c}`),
  ];
  return `SELECT ${columns.join(', ')} FROM index_transaction t WHERE ${of(r.when)} AND ${where}
    GROUP BY ${r.key.map(([, e]) => of(e)).join(', ')}`;
}

/** The statement adding `sign` times a row's amounts to a rollup (`row`: NEW or OLD). */
function apply(r: Rollup, row: 'NEW' | 'OLD', sign: '+' | '-') {
  const of = (expression: string) => over(expression, row);
  const columns = [...r.key, ...r.sums].map(([c]) => c).join(', ');
  const values = [
    ...r.key.map(([, e]) => of(e)),
    ...r.sums.map(([, e]) => (sign === '+' ? of(e) : `-(${of(e)})`)),
  ].join(', ');
  const add = r.sums.map(([c]) => `${c} = ${r.table}.${c} + excluded.${c}`).join(', ');
  return `INSERT INTO ${r.table} (${columns}) SELECT ${values} WHERE ${of(r.when)}
    ON CONFLICT (${r.key.map(([c]) => c).join(', ')}) DO UPDATE SET ${add};`;
}

const changed = (r: Rollup) =>
  r.reads.map((c) => `OLD.${c} IS DISTINCT FROM NEW.${c}`).join(' OR ');

/** Creates the rollups, fills them from the rows already indexed, and the triggers keeping them. */
export async function createReportRollups(db: Kysely<unknown>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const r of ROLLUPS) {
    let table = db.schema.createTable(r.table);
    for (const [column] of r.key)
      table = table.addColumn(
        column,
        column.endsWith('_id') || column === 'hour' ? 'bigint' : 'text',
        (c) => c.notNull(),
      );
    for (const [column] of r.sums) table = table.addColumn(column, 'bigint', (c) => c.notNull());
    await table.addPrimaryKeyConstraint(`${r.table}_pk`, r.key.map(([c]) => c) as never).execute();
    await sql
      .raw(
        `INSERT INTO ${r.table} (${[...r.key, ...r.sums].map(([c]) => c).join(', ')})
        ${totalsFromRows(r)}`,
      )
      .execute(db);
    if (postgres) {
      await sql
        .raw(
          `CREATE FUNCTION ${r.table}_keep() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN
            IF TG_OP IN ('UPDATE', 'DELETE') THEN ${apply(r, 'OLD', '-')} END IF;
            IF TG_OP IN ('UPDATE', 'INSERT') THEN ${apply(r, 'NEW', '+')} END IF;
            RETURN NULL;
          END $$`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${r.table}_keep AFTER INSERT OR DELETE ON index_transaction
          FOR EACH ROW EXECUTE FUNCTION ${r.table}_keep()`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${r.table}_keep_update AFTER UPDATE ON index_transaction
          FOR EACH ROW WHEN (${changed(r)}) EXECUTE FUNCTION ${r.table}_keep()`,
        )
        .execute(db);
    } else {
      await sql
        .raw(
          `CREATE TRIGGER ${r.table}_insert AFTER INSERT ON index_transaction
          BEGIN ${apply(r, 'NEW', '+')} END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${r.table}_delete AFTER DELETE ON index_transaction
          BEGIN ${apply(r, 'OLD', '-')} END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${r.table}_update AFTER UPDATE ON index_transaction
          WHEN ${changed(r)} BEGIN ${apply(r, 'OLD', '-')} ${apply(r, 'NEW', '+')} END`,
        )
        .execute(db);
    }
  }
  // The largest merchants of a currency, by the bound, largest first.
  await sql`CREATE INDEX index_report_merchant_bound ON index_report_merchant
    (environment, to_currency, (units + nanos / 1000000000.0))`.execute(db);
}
