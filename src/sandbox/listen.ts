// `npm run -s sandbox -- listen --base-url URL --forward-to URL`: connects out to a sandbox
// anywhere, reads its event stream with the partner's credentials, and posts each event to a
// local URL signed like a webhook (x-webhook-signature) with a secret printed at the start —
// new events, and the ones resent from the dashboard or the API (docs/decisions/023).
import { randomBytes } from 'node:crypto';
import type { Event } from '#/api/schemas/platform';
import type { SandboxSettings } from './domain/context';
import { sendSigned } from './webhooks/worker';

export interface ListenOptions {
  baseUrl: string;
  forwardTo: string;
  apiKey: string;
  apiSecret: string;
  /** The signing secret; a new one when not given. */
  secret?: string;
  print: (line: string) => void;
  signal?: AbortSignal;
  /** Called each time the stream is connected. */
  onConnected?: () => void;
}

// The local receiver is usually on loopback: allowed, with a patient timeout.
const FORWARDING = { webhookTimeoutMs: 10_000, webhookAllowPrivate: true } as SandboxSettings;
const RECONNECT_MS = 2_000;

/** Splits server-sent events out of the text read so far; returns what is left incomplete. */
export function parseEvents(
  text: string,
  each: (message: { id?: string; event: string; data: string }) => void,
): string {
  const blocks = text.split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let id: string | undefined;
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const [field, ...value] = line.split(':');
      const content = value.join(':').replace(/^ /, '');
      if (field === 'id') id = content;
      else if (field === 'event') event = content;
      else if (field === 'data') data.push(content);
    }
    if (data.length > 0)
      each({ ...(id !== undefined ? { id } : {}), event, data: data.join('\n') });
  }
  return rest;
}

export async function listen(options: ListenOptions): Promise<void> {
  const secret = options.secret ?? `whsec_${randomBytes(24).toString('hex')}`;
  const streamUrl = `${options.baseUrl.replace(/\/+$/, '')}/v1/sandbox/events/stream`;
  options.print(`Forwarding the events of ${options.baseUrl} to ${options.forwardTo}`);
  options.print(`Signing secret (check x-webhook-signature with it): ${secret}`);
  let lastEventId: string | undefined;
  // Forwarded one at a time, in order.
  let forwarding = Promise.resolve();
  const forward = (kind: string, event: Event) => {
    forwarding = forwarding.then(async () => {
      const sent = await sendSigned(FORWARDING, options.forwardTo, secret, event, 1);
      const answer = sent.statusCode !== null ? `${sent.statusCode}` : (sent.error ?? 'no answer');
      options.print(
        `${kind === 'resend' ? 'Resent' : 'Event'} #${event.id} ${event.type} → ${answer} (${sent.durationMs} ms)`,
      );
    });
  };
  while (!options.signal?.aborted) {
    try {
      const response = await fetch(streamUrl, {
        headers: {
          accept: 'text/event-stream',
          'x-api-key': options.apiKey,
          'x-api-secret': options.apiSecret,
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        signal: options.signal ?? null,
      });
      if (response.status === 401) {
        options.print('The sandbox refused these credentials (401): check the key and secret.');
        return;
      }
      if (!response.ok || !response.body) {
        options.print(`The sandbox answered ${response.status}; trying again.`);
      } else {
        options.print('Connected; waiting for events (Ctrl+C to stop).');
        options.onConnected?.();
        const decoder = new TextDecoder();
        let buffered = '';
        for await (const chunk of response.body) {
          buffered = parseEvents(buffered + decoder.decode(chunk, { stream: true }), (message) => {
            if (message.id) lastEventId = message.id;
            forward(message.event, JSON.parse(message.data) as Event);
          });
        }
        options.print('The stream ended; connecting again.');
      }
    } catch (error) {
      if (options.signal?.aborted) break;
      options.print(
        `Not connected (${error instanceof Error ? error.message : String(error)}); trying again.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
  }
  await forwarding;
}
