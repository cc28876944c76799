// Test support: a local HTTP server for a test to receive calls at (a webhook target, a chat
// hook, what `listen` forwards to).
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A call received, with its whole body. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * Listens on loopback; `answer` gets each call once its body has arrived and answers it. Its URL
 * (ending in `path`) and how to close it.
 */
export async function localReceiver(
  answer: (call: Received, response: http.ServerResponse) => void,
  path = '/hooks',
) {
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => answer({ headers: request.headers, body, at: Date.now() }, response));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
