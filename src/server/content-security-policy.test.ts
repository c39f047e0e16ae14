import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy, TURNSTILE_ORIGIN } from './app';
import { loadConfig } from './config';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'resort-csp-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('contentSecurityPolicy', () => {
  it('keeps every host but the app itself out with ALTCHA (the default)', () => {
    const policy = contentSecurityPolicy(loadConfig({ DATA_DIR: dataDir }));
    expect(policy).toEqual(CONTENT_SECURITY_POLICY);
    expect(JSON.stringify(policy)).not.toContain('cloudflare');
  });

  it('lets Turnstile load its script, frame and checks when it is the provider', () => {
    const policy = contentSecurityPolicy(
      loadConfig({
        DATA_DIR: dataDir,
        CAPTCHA_PROVIDER: 'turnstile',
        TURNSTILE_SITE_KEY: 'site',
        TURNSTILE_SECRET_KEY: 'secret',
      }),
    );
    expect(policy.scriptSrc).toEqual(["'self'", TURNSTILE_ORIGIN]);
    expect(policy.frameSrc).toEqual([TURNSTILE_ORIGIN]);
    expect(policy.connectSrc).toEqual(["'self'", TURNSTILE_ORIGIN]);
    // Everything else stays as strict as before.
    expect(policy.defaultSrc).toEqual(["'self'"]);
    expect(policy.frameAncestors).toEqual(["'none'"]);
  });
});
