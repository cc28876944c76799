// Shows what the signed-in person may do: its children only when their roles allow the operation
// (the server refuses it anyway; this keeps the page from offering it).
import type { ReactNode } from 'react';
import { usePermission } from '../queries';

export function Permitted({ operation, children }: { operation: string; children: ReactNode }) {
  return usePermission(operation).allowed ? children : null;
}
