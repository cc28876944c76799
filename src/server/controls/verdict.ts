// What the money controls answer the proxy (./gate.ts): the verdict on a call to the partner's
// API, and a refused decision as the problem an endpoint answers.
import { REFUSED } from '../refusal-words';
import { said } from '#/i18n/words';
import type { Environment } from '#/api/dashboard';
import { type OperationDef } from '#/api/operations';
import { type FieldProblem } from '#/api/payee';
import type { Said } from '#/i18n/words';
import type { User } from '../store/workspace';
import type { UpstreamResponse } from '../upstream';

export type Details = Record<string, unknown>;

export type Verdict =
  /** Refused here: nothing reaches the API. */
  | {
      kind: 'refuse';
      status: number;
      code: string;
      /** In words: a sentence, or words told in the reader's language (decision 091). */
      detail: string | Said;
      errors?: FieldProblem[];
      audit: Details;
    }
  /** Held: recorded, waiting for more approvers (202). */
  | { kind: 'hold'; body: object; audit: Details }
  /** The API's own answer to a read the controls made (a transaction or account not found). */
  | { kind: 'relay'; response: UpstreamResponse; audit: Details }
  /** Sent to the API, as asked or as rewritten here; `settle` records what followed. */
  | {
      kind: 'forward';
      path?: string;
      body?: Buffer | undefined;
      idempotencyKey?: string;
      headers?: Record<string, string>;
      settle?: (response: UpstreamResponse) => Promise<Details>;
      /** The API could not be reached: nothing was created (a limit's reservation goes back). */
      unsent?: () => Promise<void>;
    };

/** A decision refused, as the problem the endpoint answers. */
export interface Refused {
  /** Its detail in words: a sentence, or words told in the reader's language (decision 091). */
  refused: { status: number; code: string; detail: string | Said };
}

/**
 * Why `user` cannot withdraw a change: there is no such change, or someone else proposed it
 * (`decider` may reject it instead). Undefined when they may.
 */
export function withdrawRefusal(
  change: { authorId: string | null } | undefined,
  user: { id: string },
  decider: 'admin' | 'approver',
): Refused | undefined {
  if (!change)
    return { refused: { status: 404, code: 'NOT_FOUND', detail: said(REFUSED.noChange) } };
  if (change.authorId === user.id) return undefined;
  return {
    refused: {
      status: 403,
      code: 'FORBIDDEN_ROLE',
      detail: said(REFUSED.withdrawOwn, { decider }),
    },
  };
}

export interface ProxiedCall {
  op: OperationDef;
  user: User;
  /** When the person last gave their second factor in this session (null: not yet). */
  stepUpAt?: number | null | undefined;
  environment: Environment;
  /** The path's `{id}`, when the operation has one. */
  id: number | undefined;
  body: Buffer | undefined;
}

export const refuse = (
  status: number,
  code: string,
  detail: string | Said,
  audit: Details,
  errors?: FieldProblem[],
): Verdict => ({ kind: 'refuse', status, code, detail, audit, ...(errors ? { errors } : {}) });

export const countryRefusal = (problems: FieldProblem[]) =>
  refuse(
    400,
    'VALIDATION_ERROR',
    said(REFUSED.bankCountries),
    { reason: 'bank details disagree', fields: problems.map((p) => p.field) },
    problems,
  );
