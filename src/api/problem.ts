// Builds RFC 9457 problem details, the error body of the API and of the dashboard server.
import { englishOfText } from '#/i18n/words';
import { invalid, V } from './validation-words';
import type { z } from 'zod';
import type { FieldError, Problem } from './schemas/common';

export const PROBLEM_TITLES: Record<string, string> = {
  VALIDATION_ERROR: 'Invalid request',
  UNAUTHORIZED: 'Unauthorized',
  NOT_FOUND: 'Not found',
  MERCHANT_NOT_VALID: 'Merchant not valid',
  PAYOUT_ACCOUNT_NOT_ACTIVE: 'Payout account not active',
  CURRENCY_NOT_SUPPORTED: 'Currency not supported',
  AMOUNT_OUT_OF_RANGE: 'Amount out of range',
  INVALID_STATE_TRANSITION: 'Invalid state transition',
  TRANSACTION_ALREADY_PROCESSED: 'Transaction already processed',
  ONBOARDING_NOT_ALLOWED: 'Onboarding not allowed',
  AGREEMENTS_NOT_ACCEPTED: 'Agreements not accepted',
  CONFIRMATION_NOT_AVAILABLE: 'Confirmation not available',
  IDEMPOTENCY_KEY_REUSED: 'Idempotency key reused',
  IDEMPOTENCY_REQUEST_IN_PROGRESS: 'Request in progress',
  PAYLOAD_TOO_LARGE: 'Payload too large',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported media type',
  RATE_LIMITED: 'Too many requests',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  REQUEST_TIMEOUT: 'Request timeout',
  HEADERS_TOO_LARGE: 'Request headers too large',
  INTERNAL_ERROR: 'Internal error',
  SERVICE_UNAVAILABLE: 'Service unavailable',
  CSRF_REJECTED: 'Request refused',
  UPSTREAM_UNAVAILABLE: 'Service unavailable',
  UPSTREAM_TIMEOUT: 'Service timed out',
  FORBIDDEN_ROLE: 'Not allowed for your role',
  SANDBOX_ONLY: 'Sandbox only',
  CREATOR_CANNOT_APPROVE: 'Separation of duties',
  AUTHOR_CANNOT_APPROVE: 'Separation of duties',
  PAYEE_CHANGE_PENDING: 'A bank-detail change is pending',
  PAYEE_CHANGE_STALE: 'The account changed meanwhile',
  PAYEE_CHANGE_FAILED: 'The change was not applied',
  POLICY_EXISTS: 'Policy exists',
  ALREADY_DECIDED: 'Already decided',
  APPROVAL_CLOSED: 'Approval closed',
  APPROVAL_EXPIRED: 'Approval expired',
  SECOND_FACTOR_REQUIRED: 'Second step required',
  SECOND_FACTOR_ENROLMENT_REQUIRED: 'Authenticator app required',
  ENVIRONMENT_NOT_CONFIGURED: 'Environment not set up',
  DATABASE_UNAVAILABLE: 'Database unavailable',
  CREDENTIALS_REFUSED: 'Stored credentials refused',
};

export function makeProblem(fields: {
  typeBase: string;
  status: number;
  code: string;
  detail: string;
  requestId: string;
  errors?: FieldError[] | undefined;
}): Problem {
  return {
    type: `${fields.typeBase}#${fields.code}`,
    title: PROBLEM_TITLES[fields.code] ?? fields.code,
    status: fields.status,
    detail: fields.detail,
    code: fields.code,
    ...(fields.errors && fields.errors.length > 0 ? { errors: fields.errors } : {}),
    requestId: fields.requestId,
  };
}

function valueAt(data: unknown, path: PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Zod issues as field errors: the field's dotted path and a message that reads after it. The
 * contract's messages are codes of words (decision 091): in English here, or kept as codes
 * (`keepCodes`) for the dashboard server, which writes them in the reader's language.
 */
export function fieldErrors(
  issues: z.core.$ZodIssue[],
  data: unknown,
  whole: string,
  keepCodes = false,
): FieldError[] {
  const text = keepCodes ? (code: string) => code : englishOfText;
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.') || whole;
    const value = issue.code === 'invalid_type' ? valueAt(data, issue.path) : null;
    if (value === undefined && issue.path.length > 0)
      return { field, message: text(invalid(V.required)) };
    // A query string names a parameter twice (?status=4&status=5): said in words.
    if (whole === 'query' && Array.isArray(value) && issue.path.length === 1)
      return { field, message: text(invalid(V.givenTwice)) };
    return { field, message: text(issue.message) };
  });
}
