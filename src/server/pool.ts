// A pool of workers over a list: at most `size` items in work at once, each taken in order, and
// no new one taken once `stop` says so. The one pool of the server's workers (the outbox, bulk
// submission, bulk quoting).
export async function inPool<T>(
  items: readonly T[],
  size: number,
  work: (item: T) => Promise<void>,
  stop: () => boolean = () => false,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (!stop() && next < items.length) await work(items[next++]!);
    }),
  );
}
