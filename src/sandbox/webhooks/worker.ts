// Delivers queued events to webhook endpoints: POST of the event JSON, signed; a 2xx within the
// timeout is delivered, anything else is retried with doubling delays (and up to half as much
// again, at random, so that retries do not arrive in step) up to the attempt limit. The queue is
// in the database, so deliveries resume after a restart.
//
// It cannot storm (decision 045): at most MAX_IN_FLIGHT attempts at once, PER_ENDPOINT of them
// to one endpoint; and an endpoint that keeps failing has its circuit opened: its deliveries wait,
// uncounted, until one probe gets through.
import type { FastifyBaseLogger } from 'fastify';
import type { SandboxSettings } from '../domain/context';
import type { Store } from '../store';
import type { PendingDelivery } from '../store/webhooks';
import { signatureHeader } from '#/api/webhook-signing';
import { postWebhook, TargetRefused } from '#/http/outbound-targets';
import { waitFor, wakeTimer } from '../wake-timer';

/** Attempts on their way at once, to all endpoints together. */
export const MAX_IN_FLIGHT = 8;
/** Attempts on their way at once to one endpoint. */
export const PER_ENDPOINT = 2;
/** Failures in a row that open an endpoint's circuit. */
export const CIRCUIT_FAILURES = 5;
/** The longest an open circuit waits before its next probe. */
const CIRCUIT_MAX_MS = 5 * 60_000;
/** How many due deliveries one look at the queue considers. */
const WINDOW = 100;

/** The wait before the next attempt: doubling from the base, plus up to half again at random. */
export function retryDelay(
  settings: SandboxSettings,
  attemptsMade: number,
  random: () => number = Math.random,
): number {
  const doubling = settings.webhookRetryBaseMs * 2 ** (attemptsMade - 1);
  return Math.round(doubling * (1 + random() / 2));
}

/** One endpoint's circuit: failures in a row, and while open, until when. */
interface Circuit {
  failures: number;
  openUntil: number;
  /** How many times it opened in a row (each open waits twice as long). */
  opened: number;
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
  const perEndpoint = new Map<number, number>();
  const circuits = new Map<number, Circuit>();
  const timer = wakeTimer(tick);

  const circuitOf = (webhookId: number) => {
    let circuit = circuits.get(webhookId);
    if (!circuit) circuits.set(webhookId, (circuit = { failures: 0, openUntil: 0, opened: 0 }));
    return circuit;
  };

  /** An attempt's outcome on its endpoint's circuit: whether the endpoint coped with it. */
  function noteOutcome(webhookId: number, coped: boolean, at: number) {
    const circuit = circuitOf(webhookId);
    if (coped) {
      circuits.delete(webhookId);
      return;
    }
    circuit.failures++;
    if (circuit.failures >= CIRCUIT_FAILURES) {
      circuit.opened++;
      const wait = Math.min(
        CIRCUIT_MAX_MS,
        settings.webhookRetryBaseMs * 2 ** Math.min(20, circuit.opened - 1),
      );
      circuit.openUntil = at + Math.round(wait * (1 + Math.random() / 2));
      // Half open after that: one probe; another failure opens it again, for longer.
      circuit.failures = CIRCUIT_FAILURES - 1;
      log.warn(
        { webhookId, until: new Date(circuit.openUntil).toISOString() },
        'webhook endpoint keeps failing: deliveries to it wait',
      );
    }
  }

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
    // An endpoint that answers, even with a refusal (a 401 while its owner stores the secret), is
    // not overloaded: only no answer, a 5xx or a 429 counts toward opening its circuit.
    const answered = sent.statusCode !== null && sent.statusCode < 500 && sent.statusCode !== 429;
    noteOutcome(delivery.webhookId, delivered || answered, finished);
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
    timer.clear();
    if (!timer.running()) return;
    const at = now();
    // Something due waits only for an attempt in flight to finish: that finish looks again.
    let waitsForFinish = false;
    if (inFlight.size < MAX_IN_FLIGHT) {
      const due = store.webhooks.due(at, WINDOW + inFlight.size).filter((d) => !inFlight.has(d.id));
      const postponed = new Set<number>();
      for (const delivery of due) {
        if (inFlight.size >= MAX_IN_FLIGHT) break;
        const circuit = circuits.get(delivery.webhookId);
        if (circuit && circuit.openUntil > at) {
          // Open: what is due to this endpoint waits until its next probe, uncounted.
          if (!postponed.has(delivery.webhookId)) {
            postponed.add(delivery.webhookId);
            store.write(() => store.webhooks.postpone(delivery.webhookId, circuit.openUntil, at));
          }
          continue;
        }
        const busy = perEndpoint.get(delivery.webhookId) ?? 0;
        // Half open (failures just under the threshold): one probe at a time.
        const cap = circuit && circuit.failures >= CIRCUIT_FAILURES - 1 ? 1 : PER_ENDPOINT;
        if (busy >= cap) {
          waitsForFinish = true;
          continue;
        }
        inFlight.add(delivery.id);
        perEndpoint.set(delivery.webhookId, busy + 1);
        deliver(delivery)
          .catch((error: unknown) =>
            log.error({ err: error, deliveryId: delivery.id }, 'webhook delivery crashed'),
          )
          .finally(() => {
            inFlight.delete(delivery.id);
            const left = (perEndpoint.get(delivery.webhookId) ?? 1) - 1;
            if (left > 0) perEndpoint.set(delivery.webhookId, left);
            else perEndpoint.delete(delivery.webhookId);
            arm(0);
          });
      }
    }
    if (waitsForFinish && inFlight.size > 0) return;
    arm();
  }

  function arm(delay?: number) {
    if (!timer.running()) return;
    // Full: the next look is when an attempt finishes.
    if (delay === undefined && inFlight.size >= MAX_IN_FLIGHT) return;
    timer.wakeIn(delay ?? waitFor(store.webhooks.nextDueTime(), now()));
  }

  return {
    start: timer.start,
    stop: timer.stop,
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
