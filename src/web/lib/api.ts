/*
 * The one way the web app talks to the server (DESIGN §5): same-origin JSON, cookies for the
 * session, the CSRF header on state-changing staff calls, and every failure turned into an
 * ApiError. The guest pages use it too (with `skipCsrf`), so it imports nothing but the platform.
 */

export interface ApiIssue {
  path: string;
  message: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly issues?: ApiIssue[];

  constructor(status: number, message: string, issues?: ApiIssue[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (issues && issues.length > 0) this.issues = issues;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection.';

/** Fallback messages when an error response has no usable body. */
function defaultMessage(status: number): string {
  switch (status) {
    case 400:
      return 'Bad request. Please check your input.';
    case 401:
      return 'Authentication required. Please sign in.';
    case 403:
      return 'Forbidden. You do not have permission to do this.';
    case 404:
      return 'Not found.';
    case 409:
      return 'This conflicts with the current data. Please refresh and try again.';
    case 413:
      return 'The file is too large.';
    case 429:
      return 'Too many requests. Please wait a moment and try again.';
    default:
      return status >= 500
        ? 'The server encountered an error. Please try again.'
        : `Request failed (${status}).`;
  }
}

function normaliseIssues(raw: unknown): ApiIssue[] | undefined {
  if (!Array.isArray(raw)) return undefined;
  const issues: ApiIssue[] = [];
  for (const item of raw) {
    if (typeof item !== 'object' || item === null) continue;
    const { path, message } = item as { path?: unknown; message?: unknown };
    if (typeof message !== 'string') continue;
    const joined = Array.isArray(path)
      ? path.map(String).join('.')
      : typeof path === 'string' || typeof path === 'number'
        ? String(path)
        : '';
    issues.push({ path: joined, message });
  }
  return issues;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const text = await response.text();
  if (text.length === 0) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function errorFromResponse(status: number, body: unknown, fallback?: Fallback): ApiError {
  const otherwise =
    typeof fallback === 'function' ? fallback(status) : (fallback ?? defaultMessage(status));
  if (typeof body === 'object' && body !== null) {
    const { message, issues } = body as { message?: unknown; issues?: unknown };
    const text = typeof message === 'string' && message.trim() ? message : otherwise;
    return new ApiError(status, text, normaliseIssues(issues));
  }
  return new ApiError(status, otherwise);
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, credentials: 'same-origin' });
  } catch (error) {
    // An aborted request (a cancelled query) is not a network failure; let callers see it.
    if (isAbort(error)) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
}

// ---- CSRF token (DESIGN §5: state-changing staff calls carry X-CSRF-Token) ----

/** undefined: not fetched yet; null: the server has none for us (404/401), send without. */
let csrfToken: string | null | undefined;
let csrfRequest: Promise<string | null> | null = null;

async function fetchCsrfToken(): Promise<string | null> {
  const response = await send('/api/auth/csrf', {
    method: 'GET',
    headers: { Accept: 'application/json' },
  });
  const body = await readBody(response);
  if (response.status === 401 || response.status === 404) return null;
  if (!response.ok) throw errorFromResponse(response.status, body);
  const token = (body as { token?: unknown } | undefined)?.token;
  return typeof token === 'string' && token.length > 0 ? token : null;
}

async function getCsrfToken(): Promise<string | null> {
  if (csrfToken !== undefined) return csrfToken;
  csrfRequest ??= fetchCsrfToken()
    .then((token) => {
      csrfToken = token;
      return token;
    })
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

/** Forget the cached CSRF token; call after sign-in and sign-out (the session changed). */
export function resetCsrfToken(): void {
  csrfToken = undefined;
}

// ---- Requests ----

/** A failed response's message when its body has none: a text, or one made from the status. */
export type Fallback = string | ((status: number) => string);

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  /** Query string parameters; null and undefined are left out, arrays repeat the key. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Send a state-changing call without the CSRF token, for the calls the server exempts because
   * no session exists yet (sign-in and its second step). Fetching a token there would only earn
   * a 401.
   */
  skipCsrf?: boolean;
  /** The error message when a failed response's body has none (default: one per status). */
  fallback?: Fallback;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values) {
      if (value === null || value === undefined || value === '') continue;
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/**
 * Sends one request (a JSON body, or a Blob sent as its raw bytes) and returns the parsed body;
 * throws ApiError on any failure.
 */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const url = buildUrl(path, options.query);
  const isMutation = method !== 'GET';
  const needsCsrf = isMutation && !options.skipCsrf;

  const attempt = async (): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    // A Blob (a file) goes as its own bytes and type; anything else as JSON.
    const isFile = body instanceof Blob;
    if (isFile) headers['Content-Type'] = body.type || 'application/octet-stream';
    else if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (needsCsrf) {
      const token = await getCsrfToken();
      if (token) headers['X-CSRF-Token'] = token;
    }
    return send(url, {
      method,
      headers,
      body: isFile ? body : body === undefined ? undefined : JSON.stringify(body),
      signal: options.signal,
    });
  };

  let response = await attempt();
  let parsed = await readBody(response);

  // A stale or missing CSRF token: fetch a fresh one and try once more.
  if (needsCsrf && response.status === 403 && /csrf/i.test(messageOf(parsed))) {
    resetCsrfToken();
    response = await attempt();
    parsed = await readBody(response);
  }

  if (!response.ok) throw errorFromResponse(response.status, parsed, options.fallback);
  return parsed as T;
}

function messageOf(body: unknown): string {
  if (typeof body === 'string') return body;
  if (typeof body === 'object' && body !== null) {
    const { message } = body as { message?: unknown };
    if (typeof message === 'string') return message;
  }
  return '';
}

export function apiGet<T>(path: string, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('GET', path, undefined, options);
}

export function apiPost<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('POST', path, body, options);
}

export function apiPatch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('PATCH', path, body, options);
}

export function apiDelete<T = void>(path: string, options?: RequestOptions): Promise<T> {
  return apiRequest<T>('DELETE', path, undefined, options);
}

export function apiPut<T = void>(
  path: string,
  body?: unknown,
  options?: RequestOptions,
): Promise<T> {
  return apiRequest<T>('PUT', path, body, options);
}

/*
 * The guest endpoints are public and sessionless: asking /api/auth/csrf first would be one wasted
 * round trip (and a 401 in the console) on a slow phone connection, so they skip the token.
 */

/** POSTs JSON to a public endpoint; the message from the body, else `fallback`. */
export function postPublic<T>(
  path: string,
  body: unknown,
  options: { signal?: AbortSignal; fallback?: string } = {},
): Promise<T> {
  return apiPost<T>(path, body, {
    signal: options.signal,
    fallback: options.fallback ?? ((status) => `Request failed (${status}).`),
    skipCsrf: true,
  });
}

/** PUTs a file's raw bytes (a signed upload) with their content type. */
export async function putFile(
  url: string,
  file: Blob,
  options: { signal?: AbortSignal } = {},
): Promise<void> {
  await apiPut(url, file, {
    signal: options.signal,
    fallback: (status) => `Upload failed (${status}).`,
    skipCsrf: true,
  });
}
