// Logs for people and for machines: readable lines when the output is a terminal, JSON lines
// otherwise (a file, a pipe, a log collector). Request lines are at `debug`, below the default
// `info`, so that a newcomer's terminal shows what matters: the start banner, warnings, errors.
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};
const SKIPPED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'v']);

/** One JSON log line as a person reads it: `12:04:05 WARN message key=value …`. */
export function formatLogLine(line: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line;
  }
  const time = new Date(typeof entry.time === 'number' ? entry.time : Date.now())
    .toTimeString()
    .slice(0, 8);
  const level = LEVELS[Number(entry.level)] ?? String(entry.level);
  const details = Object.entries(entry)
    .filter(([key]) => !SKIPPED.has(key))
    .map(([key, value]) => {
      if (key === 'err' && value && typeof value === 'object' && 'stack' in value)
        return `\n${String((value as { stack: unknown }).stack)}`;
      return `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`;
    });
  return [time, level.padEnd(5), String(entry.msg ?? ''), ...details].join(' ').trimEnd();
}

/** A stream that writes pino's JSON lines readably to `out`. */
export function readableLogStream(out: NodeJS.WritableStream = process.stdout): Writable {
  let pending = '';
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) out.write(`${formatLogLine(line)}\n`);
      done();
    },
  });
}

/** Fastify's logger options: readable on a terminal, JSON elsewhere. */
export function loggerOptions(options: {
  level: string;
  redact: object | string[];
  /** What every line carries besides its own fields (the active trace's ids). */
  mixin?: () => object;
}) {
  return process.stdout.isTTY ? { ...options, stream: readableLogStream() } : options;
}

/** One line per request, at `debug`: method, path, status and time taken. */
export function logRequests(app: FastifyInstance) {
  // Below the level the server logs at, no hook at all: nothing to pay per request.
  const log = app.log as FastifyInstance['log'] & { isLevelEnabled?(level: string): boolean };
  if (log.isLevelEnabled && !log.isLevelEnabled('debug')) return;
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      {
        method: request.method,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });
}
