// The sandbox's OpenAPI document as an integrator's generator reads it (docs/decisions/039):
// types made from `/openapi.json` by openapi-typescript equal the committed ones, a journey
// written against them type-checks under `strict` with no casts, and it runs against the sandbox
// over HTTP: a payout to completion, a collection with an uploaded file, a cancellation.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestSandbox, type TestSandbox } from '../../testing';
import { clientTypesOf, TYPES_FILE } from './generate';
import { journey } from './journey';

const JOURNEY = path.resolve('src/sandbox/tests/client/journey.ts');

let sandbox: TestSandbox;
let base: string;
let fresh: string;
beforeAll(async () => {
  sandbox = await createTestSandbox();
  await sandbox.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(sandbox.app.server.address() as AddressInfo).port}`;
  const served = await fetch(`${base}/openapi.json`);
  fresh = await clientTypesOf((await served.json()) as object);
});
afterAll(() => sandbox.close());

describe('a client generated from /openapi.json', () => {
  it('has the committed types (after a change to the API: npm run openapi:types)', () => {
    const committed = fs.readFileSync(TYPES_FILE, 'utf8');
    expect(committed === fresh, `${TYPES_FILE} differs from what /openapi.json gives`).toBe(true);
  });

  it('type-checks the journey under strict with the types made just now', () => {
    const typesPath = path.resolve(TYPES_FILE);
    const options: ts.CompilerOptions = {
      strict: true,
      noUncheckedIndexedAccess: true,
      exactOptionalPropertyTypes: true,
      noEmit: true,
      skipLibCheck: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
      types: ['node'],
    };
    const host = ts.createCompilerHost(options);
    const read = host.readFile.bind(host);
    host.readFile = (file) => (path.resolve(file) === typesPath ? fresh : read(file));
    const program = ts.createProgram([JOURNEY], options, host);
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 60_000);

  it('drives a payout to completion, a collection with an upload, and a cancellation', async () => {
    const done = await journey(base, {
      key: sandbox.alice.apiKey,
      secret: sandbox.alice.apiSecret,
    });
    expect(done.payout).toMatchObject({
      phases: ['waiting for a quote', 'deposit to send', 'paid out'],
      payout: '250.00',
    });
    expect(done.payout.walletAddress).not.toBe('');
    expect(done.collection).toMatchObject({ fileName: 'deposit-slip.png', completed: true });
    expect(done.transfer).toMatchObject({ status: 'OnOff_CANCELED', cancelReason: 'OTHER' });
  });
});
