import { ApiError, NETWORK_ERROR_MESSAGE } from '../../lib/api';
import type { ApiIssue } from '../../lib/api';

/*
 * The guest endpoints are public and sessionless. lib/api's apiPost first asks /api/auth/csrf for
 * a token on every state-changing call, which for a guest is one wasted round trip (and a 401 in
 * the console) on a slow phone connection; these calls go straight to the endpoint instead and
 * turn failures into the same ApiError.
 */

function issuesOf(raw: unknown): ApiIssue[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const issues: ApiIssue[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') continue;
    const joined = Array.isArray(path) ? path.map(String).join('.') : String(path ?? '');
    issues.push({ path: joined, message });
  }
  return issues.length > 0 ? issues : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text.length === 0) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** An ApiError from a failed response, with `fallback` when the body has no message. */
export async function errorFromResponse(response: Response, fallback: string): Promise<ApiError> {
  const body = await readJson(response).catch(() => undefined);
  if (typeof body === 'object' && body !== null) {
    const { message, issues } = body as { message?: unknown; issues?: unknown };
    const text = typeof message === 'string' && message.trim() ? message : fallback;
    return new ApiError(response.status, text, issuesOf(issues));
  }
  return new ApiError(response.status, fallback);
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: 'same-origin' });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

/** POSTs JSON to a public endpoint; throws ApiError (message from the body, else `fallback`). */
export async function postPublic<T>(
  path: string,
  body: unknown,
  options: { signal?: AbortSignal; fallback?: string } = {},
): Promise<T> {
  const response = await send(path, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: options.signal,
  });
  if (!response.ok) {
    throw await errorFromResponse(
      response,
      options.fallback ?? `Request failed (${response.status}).`,
    );
  }
  return (await readJson(response)) as T;
}

/** PUTs raw bytes (the payment proof) with their content type. */
export async function putFile(
  url: string,
  file: Blob,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  const response = await send(url, {
    method: 'PUT',
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
    signal: options.signal,
  });
  if (!response.ok) {
    throw await errorFromResponse(response, `Upload failed (${response.status}).`);
  }
}
