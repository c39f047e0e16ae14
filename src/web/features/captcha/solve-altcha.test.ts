import { describe, expect, it } from 'vitest';
import { encodeAltchaPayload, isAltchaChallenge } from './solve-altcha';

const challenge = {
  parameters: {
    algorithm: 'PBKDF2/SHA-256',
    nonce: 'ab',
    salt: 'cd',
    cost: 5000,
    keyLength: 32,
    keyPrefix: '0f',
    expiresAt: 1_900_000_000,
  },
  signature: 'sig',
};

describe('ALTCHA payload', () => {
  it('recognises a v2 challenge and nothing else', () => {
    expect(isAltchaChallenge(challenge)).toBe(true);
    expect(isAltchaChallenge({ algorithm: 'SHA-256', challenge: 'x', salt: 'y' })).toBe(false);
    expect(isAltchaChallenge(null)).toBe(false);
  });

  it('encodes what altcha-lib verifySolution reads: challenge and solution, base64 JSON', () => {
    const token = encodeAltchaPayload(challenge, { counter: 412, derivedKey: '0fee', time: 900 });
    expect(JSON.parse(atob(token))).toEqual({
      challenge,
      solution: { counter: 412, derivedKey: '0fee', time: 900 },
    });
  });
});
