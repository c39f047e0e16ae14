import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  apiDelete,
  apiGet,
  apiPatch,
  apiPost,
  buildUrl,
  postPublic,
  putFile,
  resetCsrfToken,
} from './api';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function jsonResponse(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

let calls: { url: string; init: RequestInit }[] = [];

function mockFetch(handler: Handler) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return handler(url, init);
    }),
  );
}

function headerOf(init: RequestInit, name: string): string | undefined {
  return (init.headers as Record<string, string> | undefined)?.[name];
}

beforeEach(() => {
  calls = [];
  resetCsrfToken();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiGet', () => {
  it('returns the parsed JSON body and sends same-origin credentials', async () => {
    mockFetch(() => jsonResponse(200, { data: [1, 2] }));
    await expect(apiGet('/api/public/units')).resolves.toEqual({ data: [1, 2] });
    expect(calls[0]?.init.credentials).toBe('same-origin');
    expect(calls[0]?.init.method).toBe('GET');
    expect(headerOf(calls[0]!.init, 'X-CSRF-Token')).toBeUndefined();
  });

  it('turns the server error body into an ApiError with status, message and issues', async () => {
    mockFetch(() =>
      jsonResponse(400, {
        message: 'Invalid input',
        issues: [{ path: ['email'], message: 'Please enter a valid email address' }],
      }),
    );
    const error = await apiGet('/api/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Invalid input',
      issues: [{ path: 'email', message: 'Please enter a valid email address' }],
    });
  });

  it('gives a readable message when the error body is not JSON', async () => {
    mockFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiGet('/api/x')).rejects.toMatchObject({
      status: 502,
      message: 'The server encountered an error. Please try again.',
    });
  });

  it('reports a network failure as status 0', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(apiGet('/api/x')).rejects.toMatchObject({
      status: 0,
      message: 'Network error. Please check your connection.',
    });
  });

  it('lets an aborted request surface as an AbortError, not a network error', async () => {
    mockFetch(() => {
      throw new DOMException('The operation was aborted.', 'AbortError');
    });
    await expect(apiGet('/api/x')).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('returns undefined for 204 No Content', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(apiDelete('/api/units/1')).resolves.toBeUndefined();
  });
});

describe('CSRF token on state-changing requests', () => {
  it('fetches the token once, caches it and sends it as X-CSRF-Token', async () => {
    mockFetch((url) =>
      url === '/api/auth/csrf'
        ? jsonResponse(200, { token: 'abc' })
        : jsonResponse(200, { ok: true }),
    );
    await apiPost('/api/bookings', { a: 1 });
    await apiPatch('/api/bookings/1', { b: 2 });
    const csrfCalls = calls.filter((c) => c.url === '/api/auth/csrf');
    expect(csrfCalls).toHaveLength(1);
    const writes = calls.filter((c) => c.url !== '/api/auth/csrf');
    expect(writes.map((c) => headerOf(c.init, 'X-CSRF-Token'))).toEqual(['abc', 'abc']);
    expect(writes[0]?.init.body).toBe(JSON.stringify({ a: 1 }));
    expect(headerOf(writes[0]!.init, 'Content-Type')).toBe('application/json');
  });

  it('sends without a token when the endpoint answers 404 or 401', async () => {
    for (const status of [404, 401]) {
      resetCsrfToken();
      calls = [];
      mockFetch((url) =>
        url === '/api/auth/csrf'
          ? jsonResponse(status, { message: 'nope' })
          : jsonResponse(200, { ok: true }),
      );
      await expect(apiPost('/api/guest-booking/status', {})).resolves.toEqual({ ok: true });
      const write = calls.find((c) => c.url !== '/api/auth/csrf');
      expect(headerOf(write!.init, 'X-CSRF-Token')).toBeUndefined();
    }
  });

  it('refetches the token once and retries after a 403 that mentions CSRF', async () => {
    let tokenVersion = 0;
    mockFetch((url, init) => {
      if (url === '/api/auth/csrf') return jsonResponse(200, { token: `t${++tokenVersion}` });
      return headerOf(init, 'X-CSRF-Token') === 't2'
        ? jsonResponse(200, { saved: true })
        : jsonResponse(403, { message: 'Invalid CSRF token' });
    });
    await expect(apiPost('/api/units', {})).resolves.toEqual({ saved: true });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/auth/csrf',
      '/api/units',
      '/api/auth/csrf',
      '/api/units',
    ]);
  });

  it('does not retry a 403 that is not about CSRF', async () => {
    mockFetch((url) =>
      url === '/api/auth/csrf'
        ? jsonResponse(200, { token: 't' })
        : jsonResponse(403, { message: 'Forbidden' }),
    );
    await expect(apiPost('/api/units', {})).rejects.toMatchObject({ status: 403 });
    expect(calls.filter((c) => c.url === '/api/units')).toHaveLength(1);
  });
});

describe('buildUrl', () => {
  it('adds query parameters, repeats arrays and skips empty values', () => {
    expect(
      buildUrl('/api/bookings', {
        status: 'Pending',
        page: 2,
        search: '',
        x: null,
        units: ['a', 'b'],
      }),
    ).toBe('/api/bookings?status=Pending&page=2&units=a&units=b');
    expect(buildUrl('/api/x?a=1', { b: true })).toBe('/api/x?a=1&b=true');
    expect(buildUrl('/api/x')).toBe('/api/x');
  });
});

describe('the public (guest) calls', () => {
  it('postPublic sends JSON without asking for a CSRF token', async () => {
    mockFetch(() => jsonResponse(200, { total_amount: 100 }));
    await expect(postPublic('/api/quote', { units: [] })).resolves.toEqual({ total_amount: 100 });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/quote');
    expect(calls[0]?.init.method).toBe('POST');
    expect(calls[0]?.init.body).toBe('{"units":[]}');
    expect(headerOf(calls[0]!.init, 'X-CSRF-Token')).toBeUndefined();
  });

  it('postPublic takes the message from the body, else its fallback, else the status', async () => {
    mockFetch(() => jsonResponse(409, { message: 'Dates taken' }));
    await expect(postPublic('/api/x', {}, { fallback: 'Failed' })).rejects.toMatchObject({
      status: 409,
      message: 'Dates taken',
    });
    mockFetch(() => new Response('oops', { status: 502 }));
    await expect(postPublic('/api/x', {}, { fallback: 'Failed' })).rejects.toMatchObject({
      status: 502,
      message: 'Failed',
    });
    await expect(postPublic('/api/x', {})).rejects.toMatchObject({
      message: 'Request failed (502).',
    });
  });

  it('putFile sends the raw bytes with their type and no CSRF token', async () => {
    mockFetch(() => new Response(null, { status: 204 }));
    const file = new Blob(['abc'], { type: 'image/png' });
    await expect(putFile('/api/storage/upload/a/b?token=t', file)).resolves.toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init.method).toBe('PUT');
    expect(calls[0]?.init.body).toBe(file);
    expect(headerOf(calls[0]!.init, 'Content-Type')).toBe('image/png');
    expect(headerOf(calls[0]!.init, 'X-CSRF-Token')).toBeUndefined();
  });

  it('putFile names the status when the failure has no message', async () => {
    mockFetch(() => new Response('', { status: 500 }));
    await expect(putFile('/u', new Blob(['x']))).rejects.toMatchObject({
      status: 500,
      message: 'Upload failed (500).',
    });
  });
});
