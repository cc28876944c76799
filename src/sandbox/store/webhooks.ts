// Webhook endpoints, the delivery outbox (one row per event and endpoint) and every attempt.
import type { Delivery, DeliveryAttempt } from '#/api/schemas/platform';
import type { Db } from './db';

export interface WebhookEndpoint {
  id: number;
  url: string;
  secret: string;
  creationTime: number;
}

export interface PendingDelivery {
  id: number;
  partnerId: number;
  eventId: number;
  webhookId: number;
  attempts: number;
  url: string;
  secret: string;
  endpointDeleted: number;
}

export function webhookRepository(db: Db) {
  const insert = db.prepare<[number, string, string, number]>(
    'INSERT INTO webhook_endpoint (partner_id, url, secret, creation_time) VALUES (?, ?, ?, ?)',
  );
  const byId = db.prepare<[number, number], WebhookEndpoint>(
    `SELECT id, url, secret, creation_time AS creationTime FROM webhook_endpoint
     WHERE id = ? AND partner_id = ? AND deleted_time IS NULL`,
  );
  const list = db.prepare<[number], WebhookEndpoint>(
    `SELECT id, url, secret, creation_time AS creationTime FROM webhook_endpoint
     WHERE partner_id = ? AND deleted_time IS NULL ORDER BY id DESC`,
  );
  const setSecret = db.prepare<[string, number, number]>(
    'UPDATE webhook_endpoint SET secret = ? WHERE id = ? AND partner_id = ? AND deleted_time IS NULL',
  );
  const remove = db.prepare<[number, number, number]>(
    'UPDATE webhook_endpoint SET deleted_time = ? WHERE id = ? AND partner_id = ?',
  );
  const dropPending = db.prepare<[number]>(
    "UPDATE delivery SET state = 'failed', next_attempt_time = NULL WHERE webhook_id = ? AND state = 'pending'",
  );
  const enqueue = db.prepare<[number, number, number]>(
    `INSERT INTO delivery (partner_id, event_id, webhook_id, attempts, next_attempt_time, state)
     SELECT partner_id, ?, id, 0, ?, 'pending' FROM webhook_endpoint
     WHERE partner_id = ? AND deleted_time IS NULL`,
  );
  const due = db.prepare<[number, number], PendingDelivery>(
    `SELECT d.id, d.partner_id AS partnerId, d.event_id AS eventId, d.webhook_id AS webhookId,
       d.attempts, w.url, w.secret, w.deleted_time IS NOT NULL AS endpointDeleted
     FROM delivery d JOIN webhook_endpoint w ON w.id = d.webhook_id
     WHERE d.state = 'pending' AND d.next_attempt_time <= ?
     ORDER BY d.next_attempt_time LIMIT ?`,
  );
  const postpone = db.prepare<[{ until: number; webhookId: number; now: number }]>(
    `UPDATE delivery SET next_attempt_time = @until
     WHERE webhook_id = @webhookId AND state = 'pending' AND next_attempt_time <= @now`,
  );
  const nextDue = db.prepare<[], { time: number | null }>(
    "SELECT MIN(next_attempt_time) AS time FROM delivery WHERE state = 'pending'",
  );
  const settle = db.prepare<[number, string, number | null, number]>(
    'UPDATE delivery SET attempts = ?, state = ?, next_attempt_time = ? WHERE id = ?',
  );
  const insertAttempt = db.prepare(
    `INSERT INTO delivery_attempt (delivery_id, event_id, webhook_id, url, attempt, attempt_time,
       status_code, error, duration_ms, delivered, response_body)
     VALUES (@deliveryId, @eventId, @webhookId, @url, @attempt, @attemptTime, @statusCode, @error,
       @durationMs, @delivered, @responseBody)`,
  );
  const attemptsFor = db.prepare<[string], DeliveryAttempt & { eventId: number }>(
    `SELECT id, event_id AS eventId, webhook_id AS webhookId, url, attempt,
       attempt_time AS attemptTime, status_code AS statusCode, error, duration_ms AS durationMs,
       delivered = 1 AS delivered, response_body AS responseBody
     FROM delivery_attempt WHERE event_id IN (SELECT value FROM json_each(?)) ORDER BY id`,
  );
  // The latest delivery of each event to each endpoint (a resend queues a new one).
  const deliveriesFor = db.prepare<[string], Delivery & { eventId: number }>(
    `SELECT d.event_id AS eventId, d.webhook_id AS webhookId, w.url, d.state, d.attempts,
       d.next_attempt_time AS nextAttemptTime
     FROM delivery d JOIN webhook_endpoint w ON w.id = d.webhook_id
     WHERE d.id IN (SELECT MAX(id) FROM delivery
       WHERE event_id IN (SELECT value FROM json_each(?)) GROUP BY event_id, webhook_id)
     ORDER BY d.webhook_id`,
  );

  return {
    insert(partnerId: number, url: string, secret: string, now: number): WebhookEndpoint {
      const id = Number(insert.run(partnerId, url, secret, now).lastInsertRowid);
      return byId.get(id, partnerId)!;
    },
    byId: (partnerId: number, id: number) => byId.get(id, partnerId),
    list: (partnerId: number) => list.all(partnerId),
    /** A new signing secret: deliveries from now on (retries included) are signed with it. */
    setSecret(partnerId: number, id: number, secret: string): WebhookEndpoint {
      setSecret.run(secret, id, partnerId);
      return byId.get(id, partnerId)!;
    },
    remove(partnerId: number, id: number, now: number) {
      remove.run(now, id, partnerId);
      dropPending.run(id);
    },
    /** Queues the event for every live endpoint of its partner; returns how many. */
    enqueue(partnerId: number, eventId: number, now: number): number {
      return enqueue.run(eventId, now, partnerId).changes;
    },
    due: (now: number, limit: number) => due.all(now, limit),
    nextDueTime: (): number | null => nextDue.get()?.time ?? null,
    /**
     * Moves an endpoint's deliveries due by `now` to `until` (its circuit is open): they are not
     * attempted, and their attempts are not counted, until then.
     */
    postpone: (webhookId: number, until: number, now: number) =>
      postpone.run({ until, webhookId, now }).changes,
    recordAttempt(
      delivery: PendingDelivery,
      attempt: Omit<DeliveryAttempt, 'id' | 'webhookId' | 'url'>,
      next: { state: 'pending' | 'delivered' | 'failed'; nextAttemptTime: number | null },
    ) {
      insertAttempt.run({
        deliveryId: delivery.id,
        eventId: delivery.eventId,
        webhookId: delivery.webhookId,
        url: delivery.url,
        ...attempt,
        delivered: attempt.delivered ? 1 : 0,
      });
      settle.run(attempt.attempt, next.state, next.nextAttemptTime, delivery.id);
    },
    abandon(deliveryId: number, attempts: number) {
      settle.run(attempts, 'failed', null, deliveryId);
    },
    deliveriesFor(eventIds: number[]): Map<number, Delivery[]> {
      const byEvent = new Map<number, Delivery[]>();
      if (eventIds.length === 0) return byEvent;
      for (const { eventId, ...delivery } of deliveriesFor.all(JSON.stringify(eventIds))) {
        const list = byEvent.get(eventId) ?? [];
        list.push(delivery);
        byEvent.set(eventId, list);
      }
      return byEvent;
    },
    attemptsFor(eventIds: number[]): Map<number, DeliveryAttempt[]> {
      const byEvent = new Map<number, DeliveryAttempt[]>();
      if (eventIds.length === 0) return byEvent;
      for (const { eventId, ...attempt } of attemptsFor.all(JSON.stringify(eventIds))) {
        const list = byEvent.get(eventId) ?? [];
        list.push({ ...attempt, delivered: Boolean(attempt.delivered) });
        byEvent.set(eventId, list);
      }
      return byEvent;
    },
  };
}
