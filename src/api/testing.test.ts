// The shared waiting helper of the tests: it answers the first value that is so, and a wait that
// never ends says what it last saw.
import { expect, it } from 'vitest';
import { eventually } from './testing';

it('answers the first value read that is so', async () => {
  let n = 0;
  expect(
    await eventually(
      () => ++n,
      (v) => v === 3,
      { everyMs: 1 },
    ),
  ).toBe(3);
  expect(n).toBe(3);
});

it('throws with the last value read once the time is up', async () => {
  await expect(
    eventually(
      () => ({ status: 'PENDING' }),
      (v) => v.status === 'VALID',
      { ms: 30, everyMs: 5 },
    ),
  ).rejects.toThrow('Not so within 30 ms; the last read gave {"status":"PENDING"}');
});
