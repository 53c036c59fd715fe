import type { Response } from 'express';
import type { TApiError } from '../../shared/api-error';

/** Answers a plain Express route with the same error body trpc-to-openapi gives procedures. */
export function sendApiError(
  res: Response,
  status: number,
  code: TApiError['code'],
  message: string,
  issues?: TApiError['issues'],
): void {
  const body: TApiError = issues ? { message, code, issues } : { message, code };
  res.status(status).json(body);
}
