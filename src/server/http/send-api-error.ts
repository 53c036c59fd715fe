import type { Response } from 'express';
import type { TApiError } from '../../shared/api-error';
import { errorCodeOfCategory } from '../../shared/error-codes';
import { currentContext } from '../observability/request-context';

/** Answers a plain Express route with the same error body trpc-to-openapi gives procedures. */
export function sendApiError(
  res: Response,
  status: number,
  code: TApiError['code'],
  message: string,
  issues?: TApiError['issues'],
): void {
  const requestId = currentContext()?.requestId;
  const errorCode =
    issues?.length && status === 400 ? 'VALIDATION_FAILED' : errorCodeOfCategory(code);
  const body: TApiError = {
    message,
    code,
    errorCode,
    ...(issues ? { issues } : {}),
    requestId,
    data: { errorCode, code },
  };
  res.status(status).json(body);
}
