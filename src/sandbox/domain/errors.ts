// The one error the domain throws: an API problem with its status, code and field errors.
import type { ErrorCode, FieldError } from '#/api/schemas/common';

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

/** Invalid input in several fields: one 400 that names them all (the first five in its detail). */
export function validationProblem(errors: FieldError[]): DomainError {
  const listed = errors
    .slice(0, 5)
    .map((e) => `${e.field} ${e.message}`)
    .join('; ');
  const more = errors.length > 5 ? ` (and ${errors.length - 5} more)` : '';
  return new DomainError(
    400,
    'VALIDATION_ERROR',
    `The request is invalid: ${listed}${more}.`,
    errors,
  );
}
