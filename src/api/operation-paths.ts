// Which operation of the API a proxied request calls, by its method and path, and which methods
// a path takes: what the dashboard server's proxy asks of every call it forwards.
import { allOperations, type OperationDef } from './operations';

/** The operation a proxied method and path (below /v1/, query left out) calls, if any. */
export function operationFor(method: string, path: string): OperationDef | undefined {
  const bare = path.replace(/\/+$/, '');
  return PATTERNS.find((p) => p.op.method === method && p.pattern.test(bare))?.op;
}

/** The methods the API's operations take at `path` (empty when none is there). */
export function methodsAt(path: string): string[] {
  const bare = path.replace(/\/+$/, '');
  const methods = new Set<string>(
    PATTERNS.filter((p) => p.pattern.test(bare)).map((p) => p.op.method),
  );
  const order = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
  return [...methods].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

// Each operation's path as a pattern, made once.
const PATTERNS = allOperations.map((op) => ({
  op,
  pattern: new RegExp(`^${op.path.replace(/\/+$/, '').replace(/\{\w+\}/g, '[^/]+')}$`),
}));
