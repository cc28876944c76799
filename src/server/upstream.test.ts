// The embedded sandbox as an upstream: an exchange the sandbox drops ends as unavailable and one
// it never answers as a timeout, as they would over HTTP, instead of a call that waits forever
// (a background quote would hold its batch for good).
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { embeddedUpstream, UpstreamError } from './upstream';

describe('the embedded upstream', () => {
  const app = Fastify();
  app.get('/sandbox/v1/ok', async () => ({ ok: true }));
  app.get('/sandbox/v1/dropped', async (_request, reply) => {
    reply.hijack();
    reply.raw.destroy();
  });
  app.get('/sandbox/v1/silent', async (_request, reply) => {
    reply.hijack();
  });
  afterAll(() => app.close());
  const upstream = embeddedUpstream(app, '/sandbox', () => 'http://embedded', undefined, 200);

  it('answers what the sandbox answers', async () => {
    const answer = await upstream.send({ method: 'GET', path: '/v1/ok', headers: {} });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({ ok: true });
  });

  it('ends an exchange the sandbox drops as unavailable, as a closed connection', async () => {
    const sent = upstream.send({ method: 'GET', path: '/v1/dropped', headers: {} });
    await expect(sent).rejects.toBeInstanceOf(UpstreamError);
    await expect(sent).rejects.toMatchObject({ kind: 'unavailable' });
  });

  it('ends an exchange the sandbox never answers as a timeout', async () => {
    const sent = upstream.send({ method: 'GET', path: '/v1/silent', headers: {} });
    await expect(sent).rejects.toBeInstanceOf(UpstreamError);
    await expect(sent).rejects.toMatchObject({ kind: 'timeout' });
  });
});
