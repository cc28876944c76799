// A merchant read by id is answered from memory while the database is unchanged: never a record
// older than what is stored, whoever wrote it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from '.';
import { openDatabase } from './db';
import { createPartner } from '../domain/partners';
import { merchantFields } from '../testing';

const fields = (name: string) => merchantFields(name, { localRegNumber: 'HRB 1' });

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function twoConnections() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'read-memory-'));
  dirs.push(dir);
  const file = path.join(dir, 'sandbox.db');
  const server = createStore(openDatabase(file));
  const cli = createStore(openDatabase(file));
  return { server, cli };
}

describe('merchants read by id', () => {
  it('see this connection’s writes at once', () => {
    const { server } = twoConnections();
    const partner = createPartner(server, 'A', 1).id;
    const { id } = server.merchants.insert(partner, fields('First'), 1);
    expect(server.merchants.byId(partner, id)?.name).toBe('First');
    server.merchants.update(partner, id, fields('Second'), 2);
    expect(server.merchants.byId(partner, id)).toMatchObject({ name: 'Second', lastUpdateTime: 2 });
    server.merchants.setKycStatus(partner, id, 'VALID', 3);
    expect(server.merchants.byId(partner, id)).toMatchObject({ kycStatus: 'VALID' });
  });

  it('see another connection’s commit (the CLI writing beside the server)', () => {
    const { server, cli } = twoConnections();
    const partner = createPartner(server, 'A', 1).id;
    const { id } = server.merchants.insert(partner, fields('First'), 1);
    expect(server.merchants.byId(partner, id)?.name).toBe('First');
    cli.merchants.update(partner, id, fields('From the CLI'), 2);
    // Seen within the millisecond.
    const until = Date.now() + 2;
    while (Date.now() < until);
    expect(server.merchants.byId(partner, id)?.name).toBe('From the CLI');
  });

  it('never keep what a rolled-back transaction wrote', () => {
    const { server } = twoConnections();
    const partner = createPartner(server, 'A', 1).id;
    const { id } = server.merchants.insert(partner, fields('Kept'), 1);
    expect(() =>
      server.db.transaction(() => {
        server.merchants.update(partner, id, fields('Rolled back'), 2);
        expect(server.merchants.byId(partner, id)?.name).toBe('Rolled back');
        throw new Error('refused');
      })(),
    ).toThrow('refused');
    expect(server.merchants.byId(partner, id)?.name).toBe('Kept');
  });

  it('are the same answer as a fresh read, and cannot be changed by a caller', () => {
    const { server, cli } = twoConnections();
    const partner = createPartner(server, 'A', 1).id;
    const { id } = server.merchants.insert(partner, fields('Frozen'), 1);
    const remembered = server.merchants.byId(partner, id)!;
    expect(server.merchants.byId(partner, id)).toBe(remembered);
    expect(remembered).toEqual(cli.merchants.byId(partner, id));
    expect(remembered.localRegNumber).toBe('HRB 1');
    expect(() => Object.assign(remembered, { name: 'Changed' })).toThrow(TypeError);
    expect(server.merchants.byId(partner + 1, id)).toBeUndefined();
  });
});
