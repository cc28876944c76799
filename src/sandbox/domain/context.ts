// What every domain operation gets: the store, the clock and the sandbox's settings.
import type { Store } from '../store';

export interface SandboxSettings {
  kycReviewDelayMs: number;
  quoteDelayMs: number;
  settlementDelayMs: number;
  webhookRetryBaseMs: number;
  webhookMaxAttempts: number;
  webhookTimeoutMs: number;
  /** Webhook URLs may point at loopback, private and link-local addresses. */
  webhookAllowPrivate: boolean;
}

import type { Event } from '#/api/schemas/platform';

/** How one webhook delivery went. */
export interface SentWebhook {
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
  durationMs: number;
  delivered: boolean;
}

export interface DomainContext {
  store: Store;
  settings: SandboxSettings;
  now(): number;
  /** Tells the scheduler that a task was added, so it can wake up earlier. */
  scheduled(dueTime: number): void;
  /** Tells the delivery worker that webhook deliveries were queued. */
  deliveriesQueued(): void;
  /**
   * Sends one signed webhook now and says how it went: the network, given by whoever builds the
   * context (the domain itself sends nothing).
   */
  sendWebhook(
    url: string,
    secret: string,
    event: { id: number; type: string },
  ): Promise<SentWebhook>;
  /** Tells the event streams that an event was sent again (after its write committed). */
  eventResent?(partnerId: number, event: Event): void;
}
