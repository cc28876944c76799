import { describe, expect, it } from 'vitest';
import { inPool } from './pool';

describe('a pool of workers', () => {
  it('works through every item, in order of starting, never more than its size at once', async () => {
    let busy = 0;
    let most = 0;
    const started: number[] = [];
    await inPool([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      started.push(item);
      most = Math.max(most, ++busy);
      await new Promise((resolve) => setTimeout(resolve, item % 3));
      busy--;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('takes no new item once told to stop, and finishes those in work', async () => {
    const done: number[] = [];
    let stop = false;
    await inPool(
      [1, 2, 3, 4, 5],
      2,
      async (item) => {
        if (item === 2) stop = true;
        await Promise.resolve();
        done.push(item);
      },
      () => stop,
    );
    expect(done.toSorted()).toEqual([1, 2]);
  });

  it('does nothing with no items', async () => {
    await inPool([], 4, () => Promise.reject(new Error('not called')));
  });
});
