import { describe, expect, it } from 'vitest';
import { formatLogLine, readableLogStream } from './logging';

describe('logs on a terminal', () => {
  it('reads as a line per event, with the details after the message', () => {
    const time = new Date(2026, 10, 22, 12, 4, 5).getTime();
    const line = JSON.stringify({
      level: 40,
      time,
      pid: 1,
      hostname: 'h',
      reqId: 'r',
      msg: 'index: sync paused',
      environment: 'sandbox',
      reason: 'credentials refused',
    });
    expect(formatLogLine(line)).toBe(
      '12:04:05 WARN  index: sync paused environment=sandbox reason=credentials refused',
    );
    expect(formatLogLine('not json')).toBe('not json');
  });

  it('writes whole lines only, however the chunks fall', async () => {
    let out = '';
    const stream = readableLogStream({ write: (s: string) => ((out += s), true) } as never);
    const line = JSON.stringify({ level: 30, time: 0, msg: 'hello' });
    await new Promise<void>((r) => stream.write(line.slice(0, 10), () => r()));
    expect(out).toBe('');
    await new Promise<void>((r) => stream.write(`${line.slice(10)}\n`, () => r()));
    expect(out).toMatch(/ INFO {2}hello\n$/);
  });
});
