// Where the servers may send a request to an address someone typed (docs/decisions/011): a
// partner's webhook endpoint in the sandbox, an admin's chat hook in the dashboard server. Unless
// private targets are allowed, the URL must not lead to a loopback, private, link-local, metadata
// or otherwise reserved address. It is checked when the address is saved, and again at every
// delivery against the very addresses the connection uses, since DNS can change in between.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { codedWords, englishOfText, type Words, wordsCode } from '#/i18n/words';

const RANGES: [string, number, 'ipv4' | 'ipv6', string][] = [
  ['0.0.0.0', 8, 'ipv4', 'reserved'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'private'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local or metadata'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'reserved'],
  ['192.0.2.0', 24, 'ipv4', 'reserved'],
  ['192.88.99.0', 24, 'ipv4', 'reserved'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'reserved'],
  ['198.51.100.0', 24, 'ipv4', 'reserved'],
  ['203.0.113.0', 24, 'ipv4', 'reserved'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'reserved'],
  ['::1', 128, 'ipv6', 'loopback'],
  // IPv4-mapped and NAT64 addresses lead to IPv4 hosts this check cannot see through.
  ['::ffff:0:0', 96, 'ipv6', 'reserved'],
  ['64:ff9b::', 96, 'ipv6', 'reserved'],
  ['100::', 64, 'ipv6', 'reserved'],
  ['2001:db8::', 32, 'ipv6', 'reserved'],
  ['fc00::', 7, 'ipv6', 'private'],
  ['fe80::', 10, 'ipv6', 'link-local or metadata'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

const lists = RANGES.map(([address, bits, family, label]) => {
  const list = new net.BlockList();
  list.addSubnet(address, bits, family);
  return { list, family, label };
});

/** Why `address` may not receive webhooks ('loopback', 'private', …), or undefined. */
export function refusedAddress(address: string): string | undefined {
  const family = net.isIP(address);
  if (family === 0) return 'not an IP address';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return lists.find((r) => r.family === type && r.list.check(address, type))?.label;
}

/** Why a target is refused, as codes of words (decision 092): told to a person in their language. */
export const TARGET_REFUSED = codedWords({
  address: /*i18n*/ {
    id: 'target.address',
    message: 'must lead to a public address: {host} is a {label} address',
  },
  unresolved: /*i18n*/ {
    id: 'target.unresolved',
    message: 'must lead to a public address: {host} could not be resolved',
  },
  resolves: /*i18n*/ {
    id: 'target.resolves',
    message: 'must lead to a public address: {host} resolves to {address}, a {label} address',
  },
});

/** A refused target: its message in English, `told` the same as a code of words. */
export class TargetRefused extends Error {
  readonly told: string;
  constructor(words: Words, values: Record<string, string>) {
    const told = wordsCode(words, values);
    // The English without the field's opening words, as the sandbox's deliveries record it.
    super(englishOfText(told).replace(/^must lead to a public address: /, ''));
    this.told = told;
  }
}

function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/** Whether `url` leads to one of `hosts` (names or IP addresses, as an admin listed them). */
export const leadsToListedHost = (url: string, hosts: readonly string[]) =>
  hosts.includes(hostOf(new URL(url)));

/** Resolves `host` and refuses it when any of its addresses is refused. */
async function resolveAllowed(host: string): Promise<dns.LookupAddress[]> {
  if (net.isIP(host)) {
    const label = refusedAddress(host);
    if (label) throw new TargetRefused(TARGET_REFUSED.address, { host, label });
    return [{ address: host, family: net.isIP(host) }];
  }
  let addresses: dns.LookupAddress[];
  try {
    addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
  } catch {
    throw new TargetRefused(TARGET_REFUSED.unresolved, { host });
  }
  for (const { address } of addresses) {
    const label = refusedAddress(address);
    if (label) throw new TargetRefused(TARGET_REFUSED.resolves, { host, address, label });
  }
  return addresses;
}

/** When the endpoint is added: a message for the `url` field, or undefined when it may be used. */
export async function webhookUrlProblem(
  url: string,
  allowPrivate: boolean,
): Promise<string | undefined> {
  if (allowPrivate) return undefined;
  const problem = await publicTargetProblem(url);
  return (
    problem && `${englishOfText(problem)} (this sandbox has SANDBOX_WEBHOOK_ALLOW_PRIVATE off)`
  );
}

/**
 * Why `url` may not be posted to from a server (a private or loopback address), if it may not: a
 * field message as a code of words (`englishOfText` writes it in English).
 */
export async function publicTargetProblem(url: string): Promise<string | undefined> {
  try {
    await resolveAllowed(hostOf(new URL(url)));
    return undefined;
  } catch (error) {
    if (error instanceof TargetRefused) return error.told;
    throw error;
  }
}

/**
 * A lookup for http.request that connects only to the addresses it has just checked, so a name
 * cannot pass the check and then resolve elsewhere for the connection.
 */
function guardedLookup(
  hostname: string,
  options: dns.LookupOptions,
  callback: (error: Error | null, address: string | dns.LookupAddress[], family?: number) => void,
) {
  resolveAllowed(hostname).then(
    (addresses) => {
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    },
    (error: Error) => callback(error, ''),
  );
}

/** How much of an endpoint's answer is kept with an attempt. */
export const RESPONSE_BODY_BYTES = 512;

export interface PostResult {
  status: number;
  /** The first RESPONSE_BODY_BYTES bytes of the answer, as text. */
  bodyStart: string;
}

/** POSTs `body` to `url`; refused targets, network errors and timeouts reject. */
export async function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { timeoutMs: number; allowPrivate: boolean },
): Promise<PostResult> {
  const answer = await guardedRequest(url, {
    method: 'POST',
    headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
    body,
    timeoutMs: options.timeoutMs,
    allowPrivate: options.allowPrivate,
    maxBytes: RESPONSE_BODY_BYTES,
  });
  // The answer's first bytes tell a partner why a delivery failed; the rest is dropped.
  const text = answer.body.subarray(0, RESPONSE_BODY_BYTES).toString('utf8');
  return { status: answer.status, bodyStart: text.replace(/\uFFFD+$/, '') };
}

export class AnswerTooLarge extends Error {}

/** GETs `url` (an identity provider's metadata): an answer beyond `maxBytes` rejects. */
export async function getGuarded(
  url: string,
  options: { timeoutMs: number; allowPrivate: boolean; maxBytes: number },
): Promise<{ status: number; body: string }> {
  const answer = await guardedRequest(url, { method: 'GET', headers: {}, ...options });
  if (answer.truncated)
    throw new AnswerTooLarge(`the answer is larger than ${options.maxBytes} bytes`);
  return { status: answer.status, body: answer.body.toString('utf8') };
}

/**
 * One request to an address someone typed, connecting only to addresses the guard allows (unless
 * private ones are), reading at most `maxBytes` of the answer (`truncated` when there was more).
 */
function guardedRequest(
  url: string,
  options: {
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: string;
    timeoutMs: number;
    allowPrivate: boolean;
    maxBytes: number;
  },
): Promise<{ status: number; body: Buffer; truncated: boolean }> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const start = () => {
      const request = client.request(
        target,
        {
          method: options.method,
          headers: options.headers,
          agent: false,
          ...(options.allowPrivate ? {} : { lookup: guardedLookup }),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          const done = (truncated: boolean) => {
            clearTimeout(timer);
            resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks), truncated });
          };
          response.on('data', (chunk: Buffer) => {
            if (kept > options.maxBytes) return;
            chunks.push(chunk);
            kept += chunk.length;
            if (kept > options.maxBytes) {
              response.destroy();
              done(true);
            }
          });
          response.on('end', () => done(false));
          response.on('error', () => done(false));
        },
      );
      const timer = setTimeout(() => {
        const timeout = new Error(`no answer within ${options.timeoutMs} ms`);
        timeout.name = 'TimeoutError';
        request.destroy(timeout);
      }, options.timeoutMs);
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.end(options.body);
    };
    // An IP literal skips the lookup above, so it is judged here.
    if (!options.allowPrivate && net.isIP(hostOf(target))) {
      resolveAllowed(hostOf(target)).then(start, reject);
    } else {
      start();
    }
  });
}
