// The build's hashed assets, held in memory with the brotli and gzip copies the build wrote
// beside them (scripts/compress-dist.ts): a page's few dozen script requests are answered without
// touching the disk (decision 022). Names carry their content's hash, so each is cached for good.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { preferredEncoding } from './encoding';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

interface Asset {
  type: string;
  etag: string;
  plain: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Reads every file of `dir` (not its .br/.gz copies) with its copies; empty if there is none. */
export function loadAssets(dir: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return assets;
  }
  const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file) : undefined);
  for (const name of names) {
    if (name.endsWith('.br') || name.endsWith('.gz')) continue;
    const file = path.join(dir, name);
    if (!fs.statSync(file).isFile()) continue;
    const plain = fs.readFileSync(file);
    const etag = `"${createHash('sha256').update(plain).digest('base64url').slice(0, 22)}"`;
    const type = TYPES[path.extname(name)] ?? 'application/octet-stream';
    assets.set(name, { type, etag, plain, br: read(`${file}.br`), gzip: read(`${file}.gz`) });
  }
  return assets;
}

/** Answers GET/HEAD /assets/<name> from `assets`, or undefined when there is no such asset. */
export function sendAsset(
  assets: Map<string, Asset>,
  name: string,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const asset = assets.get(name);
  if (!asset) return undefined;
  reply
    .header('cache-control', IMMUTABLE)
    .header('etag', asset.etag)
    .header('vary', 'accept-encoding')
    .type(asset.type);
  if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body = (encoding && asset[encoding]) || asset.plain;
  if (body !== asset.plain) reply.header('content-encoding', encoding);
  return reply.send(body);
}
