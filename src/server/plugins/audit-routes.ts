// The audit trail (src/api/audit.ts): read newest first with filters, or as a CSV file.
import type { FastifyPluginAsync } from 'fastify';
import { AUDIT_CSV_COLUMNS, type AuditEntry, auditEndpoints as E } from '#/api/audit';
import { csvDialectOf, csvHeaderOf, csvRowOf } from '#/api/csv';
import { route } from '../endpoint';
import { listAudit } from '../store/audit';

export const auditRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;

  route(app, E.listAudit, async ({ reply, query: { format, locale, ...filter } }) => {
    const page = await listAudit(ctx.db, filter);
    if (format === 'csv') {
      const columns = AUDIT_CSV_COLUMNS.map((c) => [c, (row: AuditEntry) => row[c]] as const);
      const dialect = csvDialectOf(locale);
      const lines = page.results.map((row) => csvRowOf(row, columns, dialect));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .send(`${csvHeaderOf(columns, dialect)}${lines.join('')}`);
    }
    return page;
  });
};
