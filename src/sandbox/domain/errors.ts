// The one error the domain throws: an API problem with its status, code and field errors.
import type { ErrorCode, FieldError } from '../../api/schemas/common';

export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: FieldError[],
  ) {
    super(detail);
    this.name = 'DomainError';
  }
}

export function notFound(what: string, id: number | string): DomainError {
  return new DomainError(404, 'NOT_FOUND', `${what} ${id} was not found.`);
}

/** Invalid input in one field: a 400 that names the field. */
export function invalidField(field: string, message: string, code: ErrorCode = 'VALIDATION_ERROR') {
  return new DomainError(400, code, `${field} ${message}.`, [{ field, message }]);
}

/** A business rule refused the request. */
export function refused(code: ErrorCode, detail: string): DomainError {
  return new DomainError(400, code, detail);
}
