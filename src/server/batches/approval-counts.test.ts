// The approval counts with the waiting bulk files added: one rule for the inbox, its count and the
// live badge (each reads it from here).
import { describe, expect, it } from 'vitest';
import { batchCounts, withWaitingBatches } from './approval';

describe('approval counts with the waiting bulk files', () => {
  it.each([
    [[], { you: 0, everyone: 0 }],
    [[{ canAct: false }], { you: 0, everyone: 1 }],
    [[{ canAct: true }, { canAct: false }, { canAct: true }], { you: 2, everyone: 3 }],
  ])('counts %j as %j', (batches, counts) => {
    expect(batchCounts(batches)).toEqual(counts);
  });

  it('adds them to the transactions and payee changes waiting', () => {
    expect(withWaitingBatches({ you: 3, everyone: 7 }, { you: 1, everyone: 2 })).toEqual({
      you: 4,
      everyone: 9,
    });
  });
});
