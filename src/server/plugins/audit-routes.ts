// The audit trail (src/api/audit.ts): read newest first with filters, or as a CSV file.
import type { FastifyPluginAsync } from 'fastify';
import { AUDIT_CSV_COLUMNS, auditEndpoints as E } from '#/api/audit';
import { csvCell } from '#/api/csv';
import { route } from '../endpoint';
import { listAudit } from '../store/audit';

export const auditRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;

  route(app, E.listAudit, async ({ reply, query: { format, ...filter } }) => {
    const page = await listAudit(ctx.db, filter);
    if (format === 'csv') {
      const lines = [
        AUDIT_CSV_COLUMNS.join(','),
        ...page.results.map((row) => AUDIT_CSV_COLUMNS.map((c) => csvCell(row[c])).join(',')),
      ];
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit.csv"')
        .send(`${lines.join('\r\n')}\r\n`);
    }
    return page;
  });
};
