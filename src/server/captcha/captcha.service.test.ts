import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { createCaptchaService } from './captcha.service';

const base = {
  NODE_ENV: 'test',
  SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789',
  DATA_DIR: '/tmp/resort-captcha-unit',
};
const database = {} as Database;
const clock = { now: () => new Date() };

function turnstile(fetchImpl: typeof fetch) {
  const config = loadConfig({
    ...base,
    CAPTCHA_PROVIDER: 'turnstile',
    TURNSTILE_SITE_KEY: 'site-key',
    TURNSTILE_SECRET_KEY: 'secret-key',
  });
  return createCaptchaService({ config, database, clock, fetchImpl });
}

const answer = (body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status: 200 })) as unknown as typeof fetch;

describe('captcha providers (DESIGN §2)', () => {
  it('turnstile: asks Cloudflare with the secret, the token and the address', async () => {
    const fetchImpl = answer({ success: true });
    const service = turnstile(fetchImpl);
    expect(service.publicConfig()).toEqual({ provider: 'turnstile', site_key: 'site-key' });
    await expect(service.verify('token-from-widget', '203.0.113.5')).resolves.toEqual({
      challengeId: null,
      expiresAt: null,
    });
    const [url, init] = (fetchImpl as unknown as ReturnType<typeof vi.fn>).mock.calls[0]!;
    expect(url).toBe('https://challenges.cloudflare.com/turnstile/v0/siteverify');
    const form = init.body as URLSearchParams;
    expect(form.get('secret')).toBe('secret-key');
    expect(form.get('response')).toBe('token-from-widget');
    expect(form.get('remoteip')).toBe('203.0.113.5');
  });

  it('turnstile: a refused token is 400 with SPEC §5’s message; no answer is 503', async () => {
    await expect(turnstile(answer({ success: false })).verify('bad')).rejects.toMatchObject({
      statusCode: 400,
      message: 'Please complete the CAPTCHA verification.',
    });
    const down = vi.fn(async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    await expect(turnstile(down).verify('token')).rejects.toMatchObject({ statusCode: 503 });
    const fetchImpl = answer({ success: true });
    await expect(turnstile(fetchImpl).verify('  ')).rejects.toMatchObject({ statusCode: 400 });
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('none (tests only): accepts any non-empty token', async () => {
    const config = loadConfig({ ...base, CAPTCHA_PROVIDER: 'none' });
    const service = createCaptchaService({ config, database, clock });
    await expect(service.verify('anything')).resolves.toMatchObject({ challengeId: null });
    await expect(service.verify('')).rejects.toMatchObject({ statusCode: 400 });
    await expect(service.createChallenge()).rejects.toMatchObject({ statusCode: 404 });
  });
});
