// Delivers queued events to webhook endpoints: POST of the event JSON, signed; a 2xx within the
// timeout is delivered, anything else is retried with doubling delays up to the attempt limit.
// The queue is in the database, so deliveries resume after a restart.
import type { FastifyBaseLogger } from 'fastify';
import type { SandboxSettings } from '../domain/context';
import type { Store } from '../store';
import type { PendingDelivery } from '../store/webhooks';
import { signatureHeader } from '#/api/webhook-signing';
import { postWebhook, TargetRefused } from './targets';

const BATCH = 20;
// Another process (the CLI's scenario load) may queue deliveries: the queue is looked at again
// at least this often.
const MAX_WAIT_MS = 2000;

export function retryDelay(settings: SandboxSettings, attemptsMade: number): number {
  return settings.webhookRetryBaseMs * 2 ** (attemptsMade - 1);
}

/**
 * One signed POST of `event` to `url`: what every delivery attempt and every test event does.
 * Never throws: a refusal, a network error or a timeout is the result's `error`.
 */
export async function sendSigned(
  settings: SandboxSettings,
  url: string,
  secret: string,
  event: { id: number; type: string },
  attempt: number,
  now: () => number = Date.now,
) {
  const body = JSON.stringify(event);
  const started = now();
  let statusCode: number | null = null;
  let error: string | null = null;
  let responseBody: string | null = null;
  try {
    const response = await postWebhook(
      url,
      {
        'content-type': 'application/json',
        'user-agent': 'PartnerPaymentsSandbox-Webhooks/1',
        'x-webhook-id': String(event.id),
        'x-webhook-attempt': String(attempt),
        'x-webhook-signature': signatureHeader(secret, Math.floor(started / 1000), body),
      },
      body,
      { timeoutMs: settings.webhookTimeoutMs, allowPrivate: settings.webhookAllowPrivate },
    );
    statusCode = response.status;
    responseBody = response.bodyStart;
    if (statusCode < 200 || statusCode > 299) error = `answered ${statusCode}`;
  } catch (cause) {
    const message = cause instanceof Error ? cause.message : String(cause);
    error =
      cause instanceof TargetRefused
        ? `refused: ${message}`
        : cause instanceof Error && cause.name === 'TimeoutError'
          ? message
          : `could not connect: ${message}`;
  }
  const finished = now();
  return {
    started,
    finished,
    statusCode,
    error,
    responseBody,
    durationMs: Math.max(0, finished - started),
    delivered: error === null,
  };
}

export function createDeliveryWorker(options: {
  store: Store;
  settings: SandboxSettings;
  log: FastifyBaseLogger;
  now?: () => number;
}) {
  const { store, settings, log } = options;
  const now = options.now ?? Date.now;
  const inFlight = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;

  async function deliver(delivery: PendingDelivery) {
    const attempt = delivery.attempts + 1;
    if (delivery.endpointDeleted) {
      store.webhooks.abandon(delivery.id, delivery.attempts);
      return;
    }
    const event = store.events.byId(delivery.partnerId, delivery.eventId);
    if (!event) {
      store.webhooks.abandon(delivery.id, delivery.attempts);
      return;
    }
    const sent = await sendSigned(settings, delivery.url, delivery.secret, event, attempt, now);
    const { delivered, finished } = sent;
    const exhausted = attempt >= settings.webhookMaxAttempts;
    store.write(() => {
      // A reset may have deleted the event while it was on its way: nothing is left to record.
      if (!store.events.byId(delivery.partnerId, delivery.eventId)) return;
      store.webhooks.recordAttempt(
        delivery,
        {
          attempt,
          attemptTime: sent.started,
          statusCode: sent.statusCode,
          error: sent.error,
          durationMs: sent.durationMs,
          delivered,
          responseBody: sent.responseBody,
        },
        delivered
          ? { state: 'delivered', nextAttemptTime: null }
          : exhausted
            ? { state: 'failed', nextAttemptTime: null }
            : { state: 'pending', nextAttemptTime: finished + retryDelay(settings, attempt) },
      );
    });
    if (!delivered)
      log.info({ deliveryId: delivery.id, attempt, error: sent.error }, 'webhook delivery failed');
  }

  function tick() {
    timer = undefined;
    if (!running) return;
    const due = store.webhooks.due(now(), BATCH + inFlight.size).filter((d) => !inFlight.has(d.id));
    for (const delivery of due.slice(0, BATCH)) {
      inFlight.add(delivery.id);
      deliver(delivery)
        .catch((error: unknown) =>
          log.error({ err: error, deliveryId: delivery.id }, 'webhook delivery crashed'),
        )
        .finally(() => {
          inFlight.delete(delivery.id);
          arm();
        });
    }
    arm();
  }

  function arm(delay?: number) {
    if (!running) return;
    const next = store.webhooks.nextDueTime();
    const wait = delay ?? Math.min(MAX_WAIT_MS, Math.max(0, (next ?? Infinity) - now()));
    clearTimeout(timer);
    timer = setTimeout(tick, wait);
    timer.unref();
  }

  return {
    start() {
      running = true;
      tick();
    },
    stop() {
      running = false;
      clearTimeout(timer);
    },
    /** New deliveries were queued: look at the queue as soon as the current work yields. */
    notify() {
      arm(0);
    },
    /** Waits until nothing is in flight (for tests and shutdown). */
    async idle() {
      while (inFlight.size > 0) await new Promise((r) => setTimeout(r, 5));
    },
  };
}
