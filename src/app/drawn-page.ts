// The mark of a page the server drew (docs/decisions/059): how many changes its server had
// pushed to open pages when it read the page's data. The live stream, opened at the same mark,
// proves no record changed since, and the page is not read again.
let drawnMark: string | undefined;

export function setDrawnMark(mark: string | undefined) {
  drawnMark = mark;
}

/** The mark of the page the server drew, once: a stream reopened later reads the page again. */
export function takeDrawnMark(): string | undefined {
  const mark = drawnMark;
  drawnMark = undefined;
  return mark;
}
