import { COMPANY_MONEY_FULL } from '@plotbook/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.js';
import { invalidInput } from '../lib/validation.js';

const UNAVAILABLE = 'The database is unavailable. Please try again shortly.';
const TOO_SLOW = 'The database is not answering in time. Please try again shortly.';

/** PostgreSQL error codes that reach the client as a clear message instead of a 500. */
const PG_ERRORS: Record<string, [number, string]> = {
  '23505': [409, 'This record already exists.'],
  '23503': [409, 'This record is in use by other records, so it cannot be changed or removed.'],
  '23514': [400, 'A value is out of the allowed range.'],
  '23502': [400, 'A required value is missing.'],
  '22P02': [400, 'A value has the wrong format.'],
  '22003': [400, 'A number is too large.'],
  '22007': [400, 'A date is not valid.'],
  '22008': [400, 'A date is out of range.'],
  // Raised by the company_money triggers (0021_company_money): the write would pass MAX_COMPANY_MONEY_PAISE.
  PB001: [409, COMPANY_MONEY_FULL],
  '40001': [409, 'Someone else saved at the same time. Please try again.'],
  '40P01': [409, 'Someone else saved at the same time. Please try again.'],
  '57P01': [503, UNAVAILABLE],
  '57P03': [503, UNAVAILABLE],
  '53300': [503, 'The database is busy. Please try again shortly.'],
  // statement_timeout, lock_timeout, idle_in_transaction_session_timeout, and the client's own deadline
  '57014': [503, TOO_SLOW],
  '55P03': [503, TOO_SLOW],
  '25P03': [503, TOO_SLOW],
  DB_TIMEOUT: [503, TOO_SLOW],
  // db/engine.ts: the server ended the connection, or it broke, under a request.
  DB_CONNECTION_LOST: [503, UNAVAILABLE],
};
const UNREACHABLE = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EPIPE', 'EAI_AGAIN']);

/** A failure the client may hear about: its status and plain message (null for an unexpected error, a 500). */
export function describeError(
  error: FastifyError & { code?: string },
): { status: number; message: string; fields?: Record<string, string> } | null {
  if (error instanceof AppError) return { status: error.status, message: error.message, fields: error.fields };
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((issue) => ({
      path: issue.instancePath
        .split('/')
        .filter(Boolean)
        .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment)),
      message: issue.message ?? '',
    }));
    const failure = invalidInput(issues);
    return { status: failure.status, message: failure.message, fields: failure.fields };
  }
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || error.statusCode === 413) {
    return { status: 413, message: 'The request is too large.' };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || error.statusCode === 415) {
    return { status: 415, message: 'Unsupported content type.' };
  }
  if (error.statusCode === 429)
    return { status: 429, message: 'Too many requests. Please wait a moment and try again.' };
  if (error.code && PG_ERRORS[error.code]) {
    const [status, message] = PG_ERRORS[error.code] as [number, string];
    return { status, message };
  }
  if ((error.code && UNREACHABLE.has(error.code)) || /Connection terminated|connect ECONNREFUSED/.test(error.message)) {
    return { status: 503, message: UNAVAILABLE };
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return {
      status: error.statusCode,
      message: error.statusCode === 400 ? 'The request is not valid.' : 'The request was refused.',
    };
  }
  return null;
}

/** One error handler: known failures become `{message, fields?}` with their status; the rest are a plain 500. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const known = describeError(error);
      if (known) {
        if (known.status >= 500) request.log.warn({ err: error }, 'request failed');
        if (error instanceof AppError && error.retryAfterSeconds) {
          reply.header('Retry-After', String(error.retryAfterSeconds));
        }
        return reply
          .status(known.status)
          .send(known.fields ? { message: known.message, fields: known.fields } : { message: known.message });
      }
      request.log.error({ err: error }, 'unexpected error');
      return reply.status(500).send({ message: 'Something went wrong. Please try again.' });
    });
  },
  { name: 'errors' },
);
