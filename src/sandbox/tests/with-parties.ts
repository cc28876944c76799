// The set-up most sandbox test files share: one sandbox, started before the file's tests with a
// VALID merchant and ACTIVE payout accounts (`createParties`), and closed after them.
import { afterAll, beforeAll } from 'vitest';
import { createParties, createTestSandbox, type Parties, type TestSandbox } from '../testing';

export interface WithParties {
  sandbox: TestSandbox;
  parties: Parties;
}

/** Registers the file's beforeAll / afterAll; the fields are set once beforeAll has run. */
export function sandboxWithParties(
  options: Parameters<typeof createTestSandbox>[0] = {},
): WithParties {
  const env = {} as WithParties;
  beforeAll(async () => {
    env.sandbox = await createTestSandbox(options);
    env.parties = await createParties(env.sandbox);
  });
  afterAll(() => env.sandbox?.close());
  return env;
}
