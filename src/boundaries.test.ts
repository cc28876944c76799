// The import boundaries hold (docs/decisions/027): probes that cross them fail lint. ESLint runs
// on each probe's text as if it were a file at that path, with the repository's configuration.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '..') });

async function messagesOf(file: string, text: string) {
  const [result] = await eslint.lintText(text, {
    filePath: path.resolve(import.meta.dirname, file),
  });
  return result!.messages.map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['features/merchants/probe.ts', "export { openDatabase } from '../../sandbox/store/db';"],
    ['features/merchants/probe.ts', "export { openDatabase } from '#/sandbox/store/db';"],
    ['sandbox/probe.ts', "export { buildDashboardServer } from '#/server/app';"],
    ['lib/probe.ts', "export { sessionInfo } from '../server/plugins/session-routes';"],
    ['routes/probe.ts', "export { problem } from '../server/context';"],
    ['sandbox/probe.ts', "export { buildDashboardServer } from '../server/app';"],
    ['sandbox/probe.ts', "export { Dialog } from '../components/dialog';"],
    ['api/probe.ts', "export { sandboxPlugin } from '../sandbox/app';"],
    ['http/probe.ts', "export { route } from '../server/endpoint';"],
    ['sandbox/domain/probe.ts', "export { sendSigned } from '../webhooks/worker';"],
    ['sandbox/domain/probe.ts', "export { postWebhook } from '#/http/outbound-targets';"],
    ['sandbox/domain/probe.ts', "export { request } from 'node:http';"],
  ])('refuses %s importing across: %s', async (file, text) => {
    expect(await messagesOf(file, text)).not.toEqual([]);
  });

  it.each([
    ['server/probe.ts', "export { sandboxPlugin } from '../sandbox/app';"],
    ['features/merchants/probe.ts', "export { callEndpoint } from '../../api/client';"],
    ['features/merchants/probe.ts', "export { callEndpoint } from '#/api/client';"],
    ['sandbox/probe.ts', "export { verifySignature } from '../api/webhook-signing';"],
  ])('allows %s: %s', async (file, text) => {
    expect(await messagesOf(file, text)).toEqual([]);
  });
});
