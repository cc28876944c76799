// How a report's buckets are read (docs/decisions/038): the whole UTC hours inside each bucket
// from the hourly rollups, the parts of an hour at its edges (a period ending now, a zone half
// or three quarters of an hour off UTC) from the transactions themselves.
import { HOUR_MS } from '../store/report-rollups';

export interface Segment {
  /** The bucket's position in the report. */
  bucket: number;
  start: number;
  end: number;
}

export function splitByHour(buckets: ReadonlyArray<{ start: number; end: number }>): {
  hours: Segment[];
  edges: Segment[];
} {
  const hours: Segment[] = [];
  const edges: Segment[] = [];
  buckets.forEach(({ start, end }, bucket) => {
    if (end <= start) return;
    const first = Math.ceil(start / HOUR_MS) * HOUR_MS;
    const last = Math.floor(end / HOUR_MS) * HOUR_MS;
    if (first >= last) {
      edges.push({ bucket, start, end });
      return;
    }
    if (start < first) edges.push({ bucket, start, end: first });
    hours.push({ bucket, start: first, end: last });
    if (last < end) edges.push({ bucket, start: last, end });
  });
  return { hours, edges };
}
