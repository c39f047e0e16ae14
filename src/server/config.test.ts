import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dirs: string[] = [];
function dataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'resort-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ DATA_DIR: dataDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has the DESIGN §2 defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.timezone).toBe('Asia/Manila');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demo).toBe(true);
    expect(config.captcha.provider).toBe('altcha');
    expect(config.maxProofBytes).toBe(2_097_152);
    expect(config.publicRateLimit).toBe(30);
  });

  it('turns the demo data off by default on PostgreSQL', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h/db' });
    expect(config.demo).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: 'postgres://u@h/db', DEMO: '1' }).demo,
    ).toBe(true);
  });

  it('refuses an invalid resort time zone, naming the variable (SPEC §1)', () => {
    const error = errorOf({ RESORT_TIMEZONE: 'Mars/Olympus' });
    expect(error.variable).toBe('RESORT_TIMEZONE');
    expect(error.message).toContain('RESORT_TIMEZONE');
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['MAX_PROOF_BYTES', '-1'],
    ['PUBLIC_RATE_LIMIT', 'lots'],
    ['DEMO', 'maybe'],
    ['SMTP_URL', 'http://mail'],
    ['CAPTCHA_PROVIDER', 'recaptcha'],
    ['SESSION_SECRET', 'short'],
  ])('names %s when its value %s is bad', (variable, value) => {
    expect(errorOf({ [variable]: value }).variable).toBe(variable);
  });

  it('refuses CAPTCHA_PROVIDER=none outside tests', () => {
    expect(errorOf({ CAPTCHA_PROVIDER: 'none' }).variable).toBe('CAPTCHA_PROVIDER');
    expect(
      loadConfig({ DATA_DIR: dataDir(), CAPTCHA_PROVIDER: 'none', NODE_ENV: 'test' }).captcha
        .provider,
    ).toBe('none');
  });

  it('refuses FETCH_ALLOW_PRIVATE with NODE_ENV=production, and allows it in tests (DESIGN §8)', () => {
    const error = errorOf({ FETCH_ALLOW_PRIVATE: '1', NODE_ENV: 'production' });
    expect(error.variable).toBe('FETCH_ALLOW_PRIVATE');
    expect(error.message).toContain('NODE_ENV=production');
    expect(loadConfig({ DATA_DIR: dataDir() }).fetchAllowPrivate).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir(), FETCH_ALLOW_PRIVATE: '1', NODE_ENV: 'test' })
        .fetchAllowPrivate,
    ).toBe(true);
  });

  it('requires the Turnstile keys with CAPTCHA_PROVIDER=turnstile', () => {
    expect(errorOf({ CAPTCHA_PROVIDER: 'turnstile' }).variable).toBe('TURNSTILE_SECRET_KEY');
  });

  it('generates SESSION_SECRET once into DATA_DIR and keeps it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).sessionSecret;
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8').trim()).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).sessionSecretSource).toBe('data-dir');
    expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32) }).sessionSecretSource).toBe(
      'environment',
    );
  });

  it('trusts no proxy by default, and the proxies TRUST_PROXY names (issue 24)', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).trustProxy).toBe(false);
    expect(
      loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1,loopback' })
        .trustProxy,
    ).toEqual(['127.0.0.1', '10.0.0.0/8', '::1', 'loopback']);
  });

  it('refuses a TRUST_PROXY that trusts every client or is not an address', () => {
    for (const value of ['true', '*', '10.0.0.0/33', 'proxy.example', '2', '1.2.3.4/8/1', ' , ']) {
      const error = errorOf({ TRUST_PROXY: value });
      expect(error.variable).toBe('TRUST_PROXY');
    }
    expect(errorOf({ TRUST_PROXY: 'true' }).message).toMatch(/not trust every client/);
  });
});
