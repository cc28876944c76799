// Files, events and webhook endpoints.
import { z } from 'zod';
import { HttpUrl, Id, IdParam, oneOf, PageQuery, Timestamp, wholeNumber } from './common';
import { REQUEST_OBJECT_TYPES } from '../list-choices';
import { invalid, V } from '../validation-words';
import { CW } from '../contract-words';

export const FILE_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const StoredFile = z
  .object({
    id: Id,
    url: z.string().meta({ description: 'What invoiceUrl and depositConfirmationUrl take.' }),
    fileName: z.string(),
    contentType: z.enum(FILE_TYPES),
    size: z.int().min(1),
  })
  .meta({ id: 'File' });
export type StoredFile = z.infer<typeof StoredFile>;

export const EVENT_TYPES = [
  'merchant.created',
  'merchant.updated',
  'merchant.kyc_status.changed',
  'payout_account.created',
  'payout_account.updated',
  'payout_account.status.changed',
  'transaction.status.changed',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const OBJECT_TYPES = ['merchant', 'payout_account', 'transaction'] as const;
export const ObjectType = oneOf(OBJECT_TYPES);
export type ObjectType = z.infer<typeof ObjectType>;

export const DeliveryAttempt = z
  .object({
    id: Id,
    webhookId: Id,
    url: z.string(),
    attempt: z.int().min(1),
    attemptTime: Timestamp,
    statusCode: z.int().nullable(),
    error: z.string().nullable(),
    durationMs: z.int().min(0),
    delivered: z.boolean(),
    responseBody: z
      .string()
      .nullable()
      .default(null)
      .meta({ description: 'The first 512 bytes the endpoint answered, when it answered.' }),
  })
  .meta({ id: 'DeliveryAttempt' });
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;

export const Event = z
  .object({
    id: Id,
    type: z.string(),
    creationTime: Timestamp,
    objectType: z.string(),
    objectId: Id,
    product: z.string().optional().meta({ description: 'For transaction events: the product.' }),
    data: z.record(z.string(), z.unknown()).meta({ description: 'The record after the change.' }),
  })
  .meta({ id: 'Event' });
export type Event = z.infer<typeof Event>;

export const DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;

/** Where an event's delivery to one endpoint stands. */
export const Delivery = z
  .object({
    webhookId: Id,
    url: z.string(),
    state: z.enum(DELIVERY_STATES).meta({
      description: 'pending: retrying (or about to try) at nextAttemptTime; failed: given up.',
    }),
    attempts: z.int().min(0),
    nextAttemptTime: Timestamp.nullable(),
  })
  .meta({ id: 'Delivery' });
export type Delivery = z.infer<typeof Delivery>;

export const EventWithAttempts = Event.extend({
  attempts: z.array(DeliveryAttempt),
  deliveries: z
    .array(Delivery)
    .default([])
    .meta({ description: 'One per endpoint the event was sent to.' }),
}).meta({
  id: 'EventWithAttempts',
});
export type EventWithAttempts = z.infer<typeof EventWithAttempts>;

export const EventListQuery = PageQuery.extend({
  objectType: ObjectType.optional(),
  objectId: IdParam.optional(),
});

export const WebhookCreate = z.object({ url: HttpUrl }).meta({ id: 'WebhookCreate' });
export type WebhookCreate = z.input<typeof WebhookCreate>;

export const Webhook = z
  .object({
    id: Id,
    url: z.string(),
    secret: z.string().meta({ description: 'Signing secret; masked in lists.' }),
    creationTime: Timestamp,
  })
  .meta({ id: 'Webhook' });
export const WebhookList = z.array(Webhook);
export type Webhook = z.infer<typeof Webhook>;

/** What `POST /v1/webhook/{id}/test` answers: the one signed test delivery, as it went. */
export const WebhookTestResult = z
  .object({
    webhookId: Id,
    url: z.string(),
    eventType: z.string(),
    statusCode: z.int().nullable(),
    error: z.string().nullable(),
    durationMs: z.int().min(0),
    delivered: z.boolean(),
    responseBody: z.string().nullable(),
  })
  .meta({ id: 'WebhookTestResult' });
export type WebhookTestResult = z.infer<typeof WebhookTestResult>;

/** What a test event is about: `webhook.test`, or any event type, about one of the partner's records. */
export const TEST_EVENT_TYPES = ['webhook.test', ...EVENT_TYPES] as const;
export const WebhookTestRequest = z
  .object({
    type: oneOf(TEST_EVENT_TYPES).default('webhook.test'),
  })
  .meta({ id: 'WebhookTestRequest' });

export const Deleted = z.object({ id: Id, deleted: z.literal(true) }).meta({ id: 'Deleted' });

/**
 * The dashboard's own background reads (its local index's sync, a credentials check) say so with
 * this header: the sandbox leaves them out of the request log, where they would bury the
 * partner's requests, and out of chosen faults, which they would use up (decision 023).
 */
export const DASHBOARD_BACKGROUND = { header: 'x-sandbox-background', value: 'dashboard' } as const;
/** The User-Agent of the dashboard's calls on a person's behalf, as the request log shows it. */
export const DASHBOARD_USER_AGENT = 'partner-dashboard';

export { REQUEST_OBJECT_TYPES };
export const RequestLogQuery = PageQuery.extend({
  path: z
    .string()
    .max(200, { error: invalid(V.maxChars, { max: 200 }) })
    .optional(),
  status: z
    .string()
    .regex(/^([1-5]|[1-5]\d\d)$/, { error: invalid(CW.statusClass) })
    .transform(Number)
    .optional(),
  requestId: z
    .string()
    .max(100, { error: invalid(V.maxChars, { max: 100 }) })
    .optional(),
  objectType: oneOf(REQUEST_OBJECT_TYPES).optional(),
  objectId: IdParam.optional(),
  client: oneOf(['integration', 'dashboard'])
    .optional()
    .meta({ description: 'Only requests this dashboard made, or only those anything else made.' }),
  kind: oneOf(['writes', 'reads']).optional().meta({
    description:
      'Only requests that ask for a change (POST, PUT, DELETE; a price look-up included), or only reads (GET).',
  }),
});

export const LoggedRequest = z
  .object({
    id: Id,
    time: Timestamp,
    method: z.string(),
    path: z.string().meta({ description: 'Path and query below {base_url}, as sent.' }),
    operationId: z.string().nullable(),
    status: z.int(),
    durationMs: z.number(),
    requestId: z.string(),
    idempotencyKey: z.string().nullable(),
    source: z.string().meta({ description: "The client's User-Agent." }),
    objectType: z.enum(REQUEST_OBJECT_TYPES).nullable(),
    objectId: Id.nullable(),
    requestType: z.string().nullable(),
    requestBody: z.string().nullable(),
    responseBody: z.string().nullable(),
  })
  .meta({ id: 'LoggedRequest' });
export type LoggedRequest = z.infer<typeof LoggedRequest>;
export const RequestIdParams = z.object({
  requestId: z
    .string()
    .min(1)
    .max(100, { error: invalid(V.maxChars, { max: 100 }) }),
});

/** A failure chosen in the sandbox console for one operation's next requests (decision 023). */
export const FAULT_KINDS = ['error', 'unavailable', 'timeout'] as const;
export const FaultCreate = z
  .object({
    operationId: z
      .string({ error: invalid(CW.operationName) })
      .min(1, { error: invalid(CW.operationName) })
      .max(100, { error: invalid(V.maxChars, { max: 100 }) }),
    kind: z.enum(FAULT_KINDS, {
      error: invalid(CW.failureKind),
    }),
    count: wholeNumber(1, 100, 'requests').default(1),
    retryAfterSeconds: wholeNumber(1, 3600, 'seconds').default(5),
    timeoutSeconds: wholeNumber(1, 120, 'seconds').default(30),
  })
  .meta({ id: 'FaultCreate' });
export type FaultCreate = z.input<typeof FaultCreate>;
export const Fault = z
  .object({
    id: Id,
    operationId: z.string(),
    kind: z.enum(FAULT_KINDS),
    remaining: z.int().min(0).meta({ description: 'Requests still to fail.' }),
    retryAfterSeconds: z.int(),
    timeoutSeconds: z.int(),
    creationTime: Timestamp,
  })
  .meta({ id: 'Fault' });
export type Fault = z.infer<typeof Fault>;

/** The sandbox's automatic moves, under the partner's control (decision 023). */
export const MOVE_OBJECT_TYPES = ['merchant', 'transaction'] as const;
export const MOVE_KINDS = ['kyc_review', 'transaction_quote', 'transaction_settle'] as const;
export const MovesQuery = z.object({
  objectType: oneOf(MOVE_OBJECT_TYPES).optional(),
  objectId: IdParam.optional(),
});
export const MoveTarget = z
  .object({
    objectType: oneOf(MOVE_OBJECT_TYPES),
    objectId: Id,
  })
  .meta({ id: 'MoveTarget' });
export type MoveTarget = z.infer<typeof MoveTarget>;
export const PendingMove = z
  .object({
    kind: z.enum(MOVE_KINDS),
    objectType: z.enum(MOVE_OBJECT_TYPES),
    objectId: Id,
    dueTime: Timestamp,
  })
  .meta({ id: 'PendingMove' });
export type PendingMove = z.infer<typeof PendingMove>;
export const Moves = z
  .object({
    held: z.boolean(),
    heldSince: Timestamp.nullable(),
    moves: z.array(PendingMove).meta({ description: 'Soonest first (at most 100).' }),
  })
  .meta({ id: 'Moves' });
export type Moves = z.infer<typeof Moves>;
