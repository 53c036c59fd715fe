import type { TApiError } from '../../shared/api-error';

/**
 * The product's shared fetch helper (section 7): cookies always, JSON only when there is a body,
 * and any non-OK answer raises `"<status>: <body text or status text>"`.
 */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(res);
  return res;
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  throw new Error(`${res.status}: ${text}`);
}

/** The readable part of an apiRequest error: the JSON `message` of the body when there is one. */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const match = /^\d{3}: (.*)$/s.exec(error.message);
  if (!match) return error.message || fallback;
  try {
    const parsed = JSON.parse(match[1] ?? '') as Partial<TApiError> | null;
    return typeof parsed?.message === 'string' && parsed.message ? parsed.message : fallback;
  } catch {
    return match[1] || fallback;
  }
}
