// The partner's API secrets at rest: AES-256-GCM with a key from DASHBOARD_SECRET_KEY, or one
// generated on first start and saved in DATA_DIR with mode 0600. Each sealed value is bound to
// what it belongs to (its environment) as additional data, so a value moved to another row does
// not open. Servers sharing one PostgreSQL must share the key (set DASHBOARD_SECRET_KEY).
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const VERSION = 'v1';

export interface Vault {
  seal(plain: string, boundTo: string): string;
  open(sealed: string, boundTo: string): string;
  /** A key for another purpose (the audit chain's), derived from this one with HKDF. */
  derive(purpose: string): Buffer;
}

export function createVault(key: Buffer): Vault {
  if (key.length !== 32) throw new Error('The vault key must be 32 bytes.');
  return {
    derive: (purpose) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), purpose, 32)),
    seal(plain, boundTo) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(boundTo, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed, boundTo) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined)
        throw new Error('The sealed value is not in a form this server knows.');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(boundTo, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** 32 bytes given as 64 hex digits or 43–44 base64 characters. */
export function parseKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const decoded = Buffer.from(trimmed, 'base64');
  return decoded.length === 32 ? decoded : undefined;
}

export function keyFile(dataDir: string) {
  return path.join(dataDir, 'dashboard-secret.key');
}

/** The key from the environment, else the saved one, else a new one saved with mode 0600. */
export function loadVaultKey(env: {
  DATA_DIR: string;
  DASHBOARD_SECRET_KEY?: string | undefined;
}): Buffer {
  if (env.DASHBOARD_SECRET_KEY) {
    const key = parseKey(env.DASHBOARD_SECRET_KEY);
    if (!key) throw new Error('DASHBOARD_SECRET_KEY must be 32 bytes, as 64 hex digits or base64.');
    return key;
  }
  const file = keyFile(env.DATA_DIR);
  if (fs.existsSync(file)) {
    const key = parseKey(fs.readFileSync(file, 'utf8'));
    if (!key) throw new Error(`${file} does not hold a 32-byte key.`);
    return key;
  }
  const key = randomBytes(32);
  fs.mkdirSync(env.DATA_DIR, { recursive: true });
  fs.writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  fs.chmodSync(file, 0o600);
  return key;
}
