import type { Response } from 'express';
import type { z } from 'zod';
import { ERROR_STATUS, apiError, notAllowedMessage, type ApiError, type ValidationIssue } from '@brandradar/contracts';
import { DomainError } from '@brandradar/platform';

/** Writes an error in the contract's shape, with the headers some codes require. */
export function sendError(res: Response, error: ApiError): void {
  const status = ERROR_STATUS[error.code];
  if (status === 401) res.setHeader('WWW-Authenticate', 'Bearer');
  const retryAfter = typeof error.retryAfterSeconds === 'number' ? error.retryAfterSeconds : status === 429 || status === 503 ? 1 : undefined;
  if (retryAfter !== undefined) res.setHeader('Retry-After', String(Math.ceil(retryAfter)));
  res.locals.errorCode = error.code;
  res.status(status).json({ error });
}

export function validationError(issues: z.core.$ZodIssue[], where: 'body' | 'query' | 'path' | 'headers'): DomainError {
  // One issue per offending field, so an unknown or read-only key is named by its own path.
  const all: ValidationIssue[] = issues.flatMap((i) => {
    const at = i.path.map(String);
    if (i.code === 'unrecognized_keys') return i.keys.map((k) => ({ path: [...at, k].join('.'), message: notAllowedMessage(k) }));
    return [{ path: at.join('.'), message: i.message }];
  });
  // At most one message per field: the first rule it breaks is the one to fix first.
  const list = all.filter((issue, n) => all.findIndex((other) => other.path === issue.path) === n);
  const message = where === 'headers' ? 'The request headers are invalid.' : `The request ${where} is invalid.`;
  return new DomainError(apiError('validation_error', message, { issues: list }));
}
