import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { JobError } from '../jobs/job-error';
import { BridgeError } from '../../shared/ipc/errors';

/** An error answered with the API's error body (PROTOCOL §7). */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly validationErrors?: string[],
  ) {
    super(message);
  }
}

export const badRequest = (errors: string[]): ApiError =>
  new ApiError(400, errors.length === 1 ? errors[0]! : 'Invalid request parameters', errors);

export function errorBody(
  request: FastifyRequest,
  statusCode: number,
  message: string,
  validationErrors?: string[],
) {
  return {
    timestamp: new Date().toISOString(),
    path: request.url.split('?')[0],
    request_id: request.id,
    statusCode,
    message,
    ...(validationErrors && statusCode === 400 ? { validation_errors: validationErrors } : {}),
  };
}

/** Fastify's own errors (bad JSON, wrong content type, oversize body) become the API's error body too. */
export function errorHandler(
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  let status = 500;
  let message = 'Internal server error';
  let validation: string[] | undefined;
  let code: string | undefined;
  if (error instanceof ApiError) {
    status = error.statusCode;
    message = error.message;
    validation = error.validationErrors;
  } else if (error instanceof BridgeError) {
    // The /app routes' errors: same body, plus a machine-readable `code` where the status is ambiguous.
    status = error.status;
    message = error.message;
    validation = error.validationErrors;
    code = error.code;
  } else if (error instanceof JobError) {
    status = error.code;
    message = error.message;
    if (status === 400) validation = [message];
  } else if ('statusCode' in error && typeof error.statusCode === 'number' && error.statusCode < 500) {
    status = error.statusCode;
    message = describeFastifyError(error as FastifyError);
    if (status === 400) validation = [message];
  }
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  void reply
    .status(status)
    .type('application/json')
    .send({ ...errorBody(request, status, message, validation), ...(code ? { code } : {}) });
}

function describeFastifyError(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return `Body is not valid JSON: ${error.message}`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported Content-Type; send application/json (or multipart/form-data for uploads)';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'Request body is too large';
    default:
      return error.message;
  }
}

export function notFoundHandler(request: FastifyRequest, reply: FastifyReply): void {
  void reply
    .status(404)
    .type('application/json')
    .send(errorBody(request, 404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
}
