// Statements and reconciliation files (src/api/statements.ts, docs/decisions/037): the summary
// of a currency's period and the file itself, streamed from the local index of the session's
// environment. Every signed-in role may read them; each file made is audited.
import { FIELD, REFUSED } from '../refusal-words';
import { said, wordsCode } from '#/i18n/words';
import { sayIn } from '../words';
import type { FastifyPluginAsync } from 'fastify';
import type { Environment } from '#/api/dashboard';
import { isoInZone } from '#/api/periods';
import { PDF_MAX_LINES, statementEndpoints as E } from '#/api/statements';
import { audit, invalidInput, languageOf } from '../request';
import { route } from '../endpoint';
import { statementFile, statementFileName } from '../statements/files';
import { statementQueries } from '../statements/lines';

/** Whose statement it is, in the reader's language (decision 091). */
const OWNER = /*i18n*/ {
  id: 'statement.owner',
  message:
    '{environment} records of the partner with API key {key}, from the dashboard at {origin}',
};
const NOT_SET = /*i18n*/ { id: 'statement.keyNotSet', message: 'not set' };

/** The day an instant falls on where the person is, as YYYY-MM-DD. */
const dayIn = (ms: number, tz: string) => isoInZone(ms, tz).slice(0, 10);

export const statementRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.dashboard;
  const statements = statementQueries(ctx.db);
  const environmentOf = (request: { signedIn?: { session: { environment: string } } | null }) =>
    request.signedIn!.session.environment as Environment;

  route(app, E.statementSummary, async ({ request, query }) =>
    statements.summary({ environment: environmentOf(request), ...query }),
  );

  /**
   * Whose statement it is, as this dashboard knows it (decision 068): the partner's records in an
   * environment, named by the API key that reads them and by where the dashboard runs. The API
   * has no operation that names the partner.
   */
  const ownerOf = async (environment: Environment, language: string) => {
    const key = (await ctx.workspace.credentialHints()).find((c) => c.environment === environment);
    return sayIn(
      language,
      said(OWNER, {
        environment: environment === 'live' ? 'Live' : 'Sandbox',
        key: key ? `…${key.apiKeyLast4}` : sayIn(language, said(NOT_SET)),
        origin: ctx.address.origin(),
      }),
    );
  };

  route(app, E.statementFile, async ({ request, reply, query }) => {
    const environment = environmentOf(request);
    const { format, tz, locale, ...period } = query;
    const filter = { environment, ...period };
    const summary = await statements.summary(filter);
    if (format === 'pdf' && summary.count > PDF_MAX_LINES)
      return invalidInput(request, reply, said(REFUSED.statementTooLong), [
        {
          field: 'format',
          message: wordsCode(FIELD.pdfTooLong, { max: PDF_MAX_LINES, lines: summary.count }),
        },
      ]);
    // In the reader's language; an integration that asks in none reads English (decision 091).
    const language = languageOf(request);
    const file = statementFile(format, {
      summary,
      pages: statements.pages(filter, tz),
      tz,
      locale,
      language,
      environment: environment === 'live' ? 'Live' : 'Sandbox',
      owner: await ownerOf(environment, language),
      generatedAt: ctx.now(),
    });
    await audit(request, {
      action: 'download statement',
      outcome: 'ok',
      details: { currency: summary.currency, from: summary.from, to: summary.to, format },
    });
    const name = statementFileName(
      summary,
      { first: dayIn(summary.from, tz), last: dayIn(summary.to - 1, tz) },
      file.extension,
    );
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('x-export-rows', String(summary.count))
      .send(file.body);
  });
};
