import type { FastifyReply, FastifyRequest } from 'fastify';
import { USER_AGENT_MAX } from '../http/request-context';
import { CLIENT_IP_HEADER } from './auth';

/**
 * The headers our routes hand to better-auth's API: the cookies, the user agent and the address
 * Fastify saw on the socket (in CLIENT_IP_HEADER, the only IP header better-auth reads). Nothing
 * else of the client's request is passed on, so a forged X-Forwarded-For cannot name the session's
 * address.
 */
export function authHeaders(request: FastifyRequest, cookie?: string): Headers {
  const headers = new Headers();
  const cookies = cookie ?? request.headers.cookie;
  if (typeof cookies === 'string' && cookies !== '') headers.set('cookie', cookies);
  const userAgent = request.headers['user-agent'];
  if (typeof userAgent === 'string') headers.set('user-agent', userAgent.slice(0, USER_AGENT_MAX));
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/**
 * The same headers with only the named cookies kept. A two-factor sign-in hands better-auth the
 * challenge cookie alone: given a session cookie too, better-auth checks the code against that
 * session's user, so a browser signed in as A could finish B's pending sign-in with A's code.
 */
export function keepOnlyCookies(headers: Headers, names: readonly string[]): Headers {
  const kept = new Headers(headers);
  const cookies = (headers.get('cookie') ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => names.includes(part.slice(0, Math.max(0, part.indexOf('=')))));
  if (cookies.length > 0) kept.set('cookie', cookies.join('; '));
  else kept.delete('cookie');
  return kept;
}

/** The Set-Cookie lines of a better-auth answer. */
export function setCookiesOf(headers: Headers): string[] {
  return headers.getSetCookie();
}

/** Passes better-auth's cookies (session, two-factor challenge, their removal) to the browser. */
export function forwardSetCookies(reply: FastifyReply, setCookies: readonly string[]): void {
  if (setCookies.length > 0) reply.header('set-cookie', [...setCookies]);
}

/** The value a Set-Cookie list gives the cookie `name`, or undefined when it sets none. */
export function cookieValueFrom(setCookies: readonly string[], name: string): string | undefined {
  for (const line of setCookies) {
    const [pair] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (!pair || eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(pair.slice(eq + 1).trim());
    } catch {
      return undefined;
    }
  }
  return undefined;
}
