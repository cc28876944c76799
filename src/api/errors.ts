// What every caller of the API shares, kept apart from the typed client (./client.ts) so that a
// page which only signs in does not load the whole contract: the connection, the error carrying
// a problem's details, and reading a problem from an answer.
import type { Problem } from './schemas/common';

export interface Connection {
  /** {base_url}: everything before `/v1/`. */
  baseUrl: string;
  /** Added to every request: the credentials, or the dashboard's CSRF header. */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
}

export class ApiError extends Error {
  readonly problem: Problem;

  constructor(problem: Problem) {
    super(problem.detail || problem.title);
    this.name = 'ApiError';
    this.problem = problem;
  }

  get status() {
    return this.problem.status;
  }
  get code() {
    return this.problem.code;
  }
  get requestId() {
    return this.problem.requestId;
  }
  get fieldErrors() {
    return this.problem.errors ?? [];
  }
}

export function clientProblem(
  status: number,
  code: string,
  detail: string,
  requestId = '',
): Problem {
  return { type: 'about:blank', title: code, status, detail, code, requestId };
}

/** The problem an answer carries, or one described from its status when it has none. */
export async function readProblem(response: Response, requestId: string): Promise<Problem> {
  const text = await response.text().catch(() => '');
  try {
    // The schema is asked for when an answer is a refusal: the first load goes without the
    // contract and zod (docs/decisions/058).
    const { Problem } = await import('./schemas/common');
    const parsed = Problem.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Not JSON: a proxy or gateway answered. Describe it from the status alone.
  }
  return clientProblem(
    response.status,
    `HTTP_${response.status}`,
    `The service answered ${response.status} ${response.statusText}`.trim() + '.',
    requestId,
  );
}
