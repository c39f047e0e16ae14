import { describe, expect, it } from 'vitest';
import { parseSession } from './get-session';
import { parseSignInResult } from './sign-in';

const user = { id: 'u1', email: 'owner@resort.ph', name: 'Owner', role: 'owner' };

describe('parseSession', () => {
  it('reads { user, expires_at } and { data: { … } }', () => {
    const expires_at = '2030-01-01T00:00:00.000Z';
    expect(parseSession({ user, expires_at })).toEqual({ user, expires_at });
    expect(parseSession({ data: { user, expires_at } })).toEqual({ user, expires_at });
  });

  it('is no session without a user; an unknown role is no role', () => {
    expect(parseSession({ user: null })).toBeNull();
    expect(parseSession(null)).toBeNull();
    expect(
      parseSession({ user: { ...user, role: 'root' }, expires_at: 'x' })?.user.role,
    ).toBeNull();
  });
});

describe('parseSignInResult', () => {
  it('tells a signed-in user from a second-factor request', () => {
    expect(parseSignInResult({ user })).toEqual({ status: 'signed-in', user });
    expect(parseSignInResult({ two_factor_required: true })).toEqual({
      status: 'two-factor-required',
    });
    expect(() => parseSignInResult({})).toThrow();
  });
});
