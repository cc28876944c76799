// The OpenAPI 3.1 document of the dashboard server's own API (docs/decisions/027), built from the
// endpoint declarations like the sandbox's document is from its operations; with the calls of
// the partner's API that the money controls may answer 202 instead of passing them on.
import { z } from 'zod';
import { heldAnswerOf } from './controls';
import { dashboardEndpoints } from './dashboard-api';
import { CSRF_HEADER, DASHBOARD_API, IDLE_HEADER, STATUS, statusesOf } from './endpoints';
import { apiErrorStatuses, parametersOf, PROBLEM_REF, schemaCollector } from './openapi';
import { allOperations, type OperationDef } from './operations';
import { Problem } from './schemas/common';

const PREFIX = DASHBOARD_API;
/** A file's bytes, as generators read it (a Blob or File in TypeScript). */
const BINARY = { schema: { type: 'string', format: 'binary' } };

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: PROBLEM_REF } },
});

/** The problem answers of an endpoint: every status but 200 and 202 that `statusesOf` gives. */
function errorResponses(e: Parameters<typeof statusesOf>[0]) {
  return Object.fromEntries(
    [...statusesOf(e)]
      .filter(([status]) => status >= 400)
      .map(([status, meaning]) => [String(status), problemResponse(meaning)]),
  );
}

/**
 * What a call of the partner's API through the money controls may answer besides 200 and 202:
 * the API's own refusals, passed on, and the dashboard's (roles, controls, the API unreachable).
 */
export function heldStatuses(op: OperationDef): Map<number, string> {
  const statuses = statusesOf({
    params: op.params,
    body: op.body,
    method: op.method,
    errors: {
      ...STATUS.conflict,
      ...STATUS.partnerApi,
      504: "The partner's API did not answer in time",
    },
  });
  for (const [status, meaning] of apiErrorStatuses(op))
    if (!statuses.has(status)) statuses.set(status, meaning);
  statuses.delete(200);
  return new Map([...statuses].sort(([a], [b]) => a - b));
}

export interface DashboardOpenApiOptions {
  /** Where the dashboard server is reached (its public origin). */
  serverUrl: string;
  /** The session cookie's name on this server. */
  cookieName: string;
}

export function buildDashboardOpenApiDocument(options: DashboardOpenApiOptions) {
  const { schemas, use } = schemaCollector();
  use(Problem, 'output');
  const paths: Record<string, Record<string, unknown>> = {};

  for (const e of dashboardEndpoints) {
    const parameters = parametersOf(e, use);
    const json =
      e.file || e.redirect ? {} : { 'application/json': { schema: use(e.response, 'output') } };
    (paths[PREFIX + e.path] ??= {})[e.method.toLowerCase()] = {
      operationId: e.id,
      summary: e.summary,
      tags: [e.tag],
      ...(e.roles ? { 'x-roles': e.roles } : {}),
      ...(e.access === 'public' ? { security: [] } : {}),
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(e.body
        ? {
            requestBody: {
              required: !e.body.safeParse(undefined).success,
              content: { 'application/json': { schema: use(e.body, 'input') } },
            },
          }
        : {}),
      ...(e.upload
        ? {
            requestBody: {
              required: true,
              description: `The file itself as the body, at most ${e.upload.maxBytes / 1024 / 1024} MB.`,
              content: Object.fromEntries(e.upload.types.map((type) => [type, BINARY])),
            },
          }
        : {}),
      responses: {
        ...(e.redirect
          ? {
              '303': {
                description: e.redirect,
                headers: { Location: { schema: { type: 'string' } } },
              },
              // A page of its own where it does not send the browser on at once.
              ...(e.errors?.[200]
                ? {
                    '200': {
                      description: e.errors[200],
                      content: { 'text/html': { schema: { type: 'string' } } },
                    },
                  }
                : {}),
            }
          : {
              '200': {
                description: e.file ? 'The file, as an attachment' : 'Success',
                content: e.file
                  ? Object.fromEntries(e.file.types.map((type) => [type, BINARY]))
                  : e.csv
                    ? { ...json, 'text/csv': { schema: { type: 'string' } } }
                    : json,
              },
            }),
        ...(e.held
          ? {
              '202': {
                description: 'Held: the change waits for a second admin',
                content: { 'application/json': { schema: use(e.held, 'output') } },
              },
            }
          : {}),
        ...errorResponses(e),
      },
    };
  }

  // The partner's API through the dashboard: these calls may be held for more approvers.
  for (const op of allOperations) {
    const held = heldAnswerOf(op.id);
    if (!held || op.response === 'binary' || op.response === 'event-stream') continue;
    const parameters = parametersOf(op, use);
    (paths[PREFIX + op.path] ??= {})[op.method.toLowerCase()] = {
      operationId: `held_${op.id}`,
      summary: `${op.summary}, through the dashboard's money controls`,
      description:
        "The partner API's operation of the same path, called through the dashboard server: its roles and approval policies apply, and a call that needs more approvers is recorded and answered 202.",
      tags: ['Through the money controls'],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(op.body
        ? {
            requestBody: {
              required: !op.bodyOptional,
              content: { 'application/json': { schema: use(op.body, 'input') } },
            },
          }
        : {}),
      responses: {
        '200': {
          description: "The API's answer: the call was sent",
          content: { 'application/json': { schema: use(op.response, 'output') } },
        },
        '202': {
          description: 'Recorded: it waits for more approvers before it is sent',
          content: { 'application/json': { schema: use(held as z.ZodType, 'output') } },
        },
        ...Object.fromEntries(
          [...heldStatuses(op)].map(([status, meaning]) => [
            String(status),
            problemResponse(meaning),
          ]),
        ),
      },
    };
  }

  return {
    openapi: '3.1.0' as const,
    info: {
      title: 'Partner Payments dashboard server',
      version: '1.0.0',
      description: [
        "The dashboard server's own API: sign-in, one's account, the admin's settings, the audit trail, the money controls, and the local index of the partner's records.",
        `Sign in with \`POST /api/session\`; the session is a cookie. Every call that is not a GET needs the header \`${CSRF_HEADER.name}: ${CSRF_HEADER.value}\`. A call made on its own (a page polling) may say how long the person has been away in \`${IDLE_HEADER}\` (milliseconds), so that it does not keep an idle session alive.`,
        'Errors are RFC 9457 problem details with a `code` and, for fields, `errors`.',
      ].join('\n\n'),
    },
    servers: [{ url: options.serverUrl }],
    security: [{ session: [] }],
    tags: [...new Set(dashboardEndpoints.map((e) => e.tag)), 'Through the money controls'].map(
      (name) => ({ name }),
    ),
    paths,
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: options.cookieName },
      },
    },
  };
}
