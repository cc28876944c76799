// Builds the OpenAPI 3.1 document of the API from the operation list and its zod schemas.
import { z } from 'zod';
import { REQUEST_EXAMPLES } from './examples';
import { allOperations, type OperationDef } from './operations';
import { ERROR_CODES, IDEMPOTENCY_KEY_PATTERN, Problem } from './schemas/common';
import { FILE_TYPES } from './schemas/platform';

type JsonSchema = Record<string, unknown>;

interface Converted {
  schema: JsonSchema;
  defs: Record<string, JsonSchema>;
}

const DEFS_REF = '#/$defs/';
const COMPONENTS_REF = '#/components/schemas/';

function convert(schema: z.ZodType, io: 'input' | 'output'): Converted {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const rewritten = JSON.parse(
    JSON.stringify(json).replaceAll(`"${DEFS_REF}`, `"${COMPONENTS_REF}`),
  ) as JsonSchema;
  const { $schema: _ignored, $defs, ...rest } = rewritten;
  return { schema: rest, defs: ($defs ?? {}) as Record<string, JsonSchema> };
}

const ERROR_STATUS_TEXT: Record<string, string> = {
  '400': 'Invalid input or a business rule refused the request',
  '401': 'Missing or wrong credentials',
  '404': 'No such record for this partner',
  '409': 'A request with this Idempotency-Key is still running',
  '413': 'Body too large',
  '415': 'Unsupported content type',
  '422': 'Idempotency-Key reused with another body',
  '429': 'Rate limit reached; see Retry-After',
};

/** The error statuses an operation of the partner API may answer, with what each means. */
export function apiErrorStatuses(op: OperationDef): Map<number, string> {
  return new Map(errorStatuses(op).map((status) => [Number(status), ERROR_STATUS_TEXT[status]!]));
}

function errorStatuses(op: OperationDef): string[] {
  const statuses = ['400', '401'];
  if (op.path.includes('{') || op.namesRecord) statuses.push('404');
  if (op.method === 'POST') statuses.push('409', '422');
  if (op.body || op.multipart) statuses.push('413', '415');
  statuses.push('429');
  return statuses;
}

export interface OpenApiOptions {
  /** Where the API is served ({base_url}). */
  serverUrl: string;
  version?: string;
}

/** Collects the components of a document as schemas are used in it. */
export function schemaCollector() {
  const schemas: Record<string, JsonSchema> = {};
  const use = (schema: z.ZodType, io: 'input' | 'output') => {
    const converted = convert(schema, io);
    for (const [id, def] of Object.entries(converted.defs)) schemas[id] ??= def;
    return converted.schema;
  };
  return { schemas, use };
}

/** The path and query parameters of an operation or endpoint, from their schemas. */
export function parametersOf(
  source: { params?: z.ZodType | undefined; query?: z.ZodType | undefined },
  use: ReturnType<typeof schemaCollector>['use'],
): unknown[] {
  const parameters: unknown[] = [];
  for (const [location, schema] of [
    ['path', source.params],
    ['query', source.query],
  ] as const) {
    if (!schema) continue;
    const output = use(schema, 'output');
    const input = convert(schema, 'input').schema;
    const required = new Set((input.required as string[] | undefined) ?? []);
    const properties = (output.properties ?? {}) as Record<string, JsonSchema>;
    const sent = (input.properties ?? {}) as Record<string, JsonSchema>;
    // A schema that ends in a transform has no output properties at all: its input's are what
    // the client sends, and what the document must list.
    for (const name of new Set([...Object.keys(properties), ...Object.keys(sent)])) {
      const property = properties[name] ?? {};
      // What the server reads it as (an id as an integer), unless a transform leaves that
      // unsayable: then what the client sends (a status as its digits).
      const typed = ['type', '$ref', 'anyOf', 'oneOf', 'enum', 'const'].some((k) => k in property);
      const described = typed ? property : { ...(sent[name] ?? {}), ...property };
      parameters.push({
        name,
        in: location,
        required: location === 'path' || required.has(name),
        schema: described,
      });
    }
  }
  return parameters;
}

export const PROBLEM_REF = { $ref: `${COMPONENTS_REF}Problem` };

export function buildOpenApiDocument(options: OpenApiOptions) {
  const { schemas, use } = schemaCollector();
  use(Problem, 'output');

  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of allOperations) {
    const parameters = parametersOf(op, use);

    let requestBody: unknown;
    if (op.multipart) {
      requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                file: {
                  type: 'string',
                  format: 'binary',
                  contentMediaType: 'application/octet-stream',
                  description:
                    'The file: PDF, PNG or JPEG judged by its content, at most 10 MB. The part must be a file part: its Content-Disposition names a filename (a part without one is refused as missing). The filename is kept as fileName (path and control characters removed, at most 200 characters; "file" when it is empty).',
                },
              },
              required: ['file'],
            },
            encoding: {
              file: {
                contentType: FILE_TYPES.join(', '),
                headers: {
                  'Content-Disposition': {
                    description: 'form-data; name="file"; filename="invoice.pdf"',
                    schema: { type: 'string', pattern: '^form-data; *name="file"; *filename=' },
                  },
                },
              },
            },
          },
        },
      };
    } else if (op.body) {
      requestBody = {
        required: !op.bodyOptional,
        content: {
          'application/json': {
            schema: use(op.body, 'input'),
            ...(REQUEST_EXAMPLES[op.id] !== undefined ? { example: REQUEST_EXAMPLES[op.id] } : {}),
          },
        },
      };
    }

    const success =
      op.response === 'event-stream'
        ? {
            description:
              'A stream of server-sent events: `event: event` for a new event, `event: resend` for one sent again; `data` is the event as webhooks carry it, `id` its position (send it back as Last-Event-ID to resume).',
            content: { 'text/event-stream': {} },
          }
        : op.response === 'binary'
          ? {
              description: 'The file',
              content: {
                'application/pdf': {},
                'image/png': {},
                'image/jpeg': {},
              },
            }
          : {
              description: 'Success',
              content: { 'application/json': { schema: use(op.sent ?? op.response, 'output') } },
            };

    const responses: Record<string, unknown> = { '200': success };
    for (const status of errorStatuses(op)) {
      responses[status] = {
        description: ERROR_STATUS_TEXT[status],
        content: { 'application/problem+json': { schema: PROBLEM_REF } },
      };
    }

    const method = op.method.toLowerCase();
    (paths[op.path] ??= {})[method] = {
      operationId: op.id,
      summary: op.summary,
      tags: [op.tag],
      // Chosen where the specification is silent: said once in the document's description.
      ...(op.source === 'design' ? { 'x-design-choice': true } : {}),
      ...(op.source === 'sandbox' || op.description
        ? {
            description: [
              op.source === 'sandbox'
                ? 'A sandbox extension: the sandbox console, not part of the live API.'
                : '',
              op.description ?? '',
            ]
              .filter(Boolean)
              .join(' '),
          }
        : {}),
      ...(op.source === 'sandbox' ? { 'x-sandbox-extension': true } : {}),
      ...(op.method === 'POST'
        ? {
            parameters: [
              ...parameters,
              {
                name: 'Idempotency-Key',
                in: 'header',
                required: false,
                description:
                  'Replays the first response for 24 hours when the same key and body are sent again.',
                schema: {
                  type: 'string',
                  minLength: 1,
                  maxLength: 255,
                  pattern: IDEMPOTENCY_KEY_PATTERN,
                },
              },
            ],
          }
        : parameters.length > 0
          ? { parameters }
          : {}),
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner Payments API (sandbox)',
      version: options.version ?? '1.0.0',
      description: [
        'Merchants, payout accounts, prices and transactions for cross-border payments.',
        'Every operation needs the headers x-api-key and x-api-secret.',
        'Operations marked `x-design-choice` have a path or payload this sandbox chose where the specification does not show one; `x-sandbox-extension` marks the sandbox console, not part of the live API.',
        'Errors are RFC 9457 problem details; the `code` field is one of: ' +
          ERROR_CODES.join(', ') +
          '.',
      ].join('\n\n'),
    },
    servers: [{ url: options.serverUrl }],
    security: [{ apiKey: [], apiSecret: [] }],
    tags: [...new Set(allOperations.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        apiSecret: { type: 'apiKey', in: 'header', name: 'x-api-secret' },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>;
