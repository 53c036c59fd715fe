import type { Response } from 'express';
import type { TApiError } from '../../shared/api-error';
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
  const body: TApiError = { message, code, ...(issues ? { issues } : {}), requestId };
  res.status(status).json(body);
}
