import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createVault, keyFile, loadVaultKey } from './vault';

describe('the vault', () => {
  const vault = createVault(Buffer.alloc(32, 7));

  it('seals a secret so that the text does not show, and opens it again', () => {
    const sealed = vault.seal('sk_live_very_secret', 'sandbox');
    expect(sealed).not.toContain('sk_live');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(vault.open(sealed, 'sandbox')).toBe('sk_live_very_secret');
    expect(vault.seal('same', 'sandbox')).not.toBe(vault.seal('same', 'sandbox'));
  });

  it('refuses a value moved to another row, a changed value, or another key', () => {
    const sealed = vault.seal('secret', 'sandbox');
    expect(() => vault.open(sealed, 'live')).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() =>
      vault.open([v, iv, tag, flipped.toString('base64url')].join('.'), 'sandbox'),
    ).toThrow();
    expect(() => createVault(Buffer.alloc(32, 8)).open(sealed, 'sandbox')).toThrow();
  });

  it('generates a key on first start, saves it with mode 0600, and reads it back', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vault-'));
    const first = loadVaultKey({ DATA_DIR: dir });
    expect(first).toHaveLength(32);
    expect(fs.statSync(keyFile(dir)).mode & 0o777).toBe(0o600);
    expect(loadVaultKey({ DATA_DIR: dir }).equals(first)).toBe(true);
    const given = 'ab'.repeat(32);
    expect(loadVaultKey({ DATA_DIR: dir, DASHBOARD_SECRET_KEY: given }).toString('hex')).toBe(
      given,
    );
    expect(() => loadVaultKey({ DATA_DIR: dir, DASHBOARD_SECRET_KEY: 'short' })).toThrow(
      /DASHBOARD_SECRET_KEY/,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
