import { describe, expect, it } from 'vitest';
import { loginSchema } from './login.schema';
import { issuesOf } from './test-helpers';

describe('loginSchema (SPEC §5 login)', () => {
  it('lower-cases the e-mail and keeps the password exactly', () => {
    expect(loginSchema.parse({ email: ' Owner@Resort.PH ', password: ' p@ss <word> ' })).toEqual({
      email: 'owner@resort.ph',
      password: ' p@ss <word> ',
    });
  });

  it('both fields are required', () => {
    expect(issuesOf(loginSchema, {})).toEqual({
      email: ['This field is required'],
      password: ['This field is required'],
    });
    expect(issuesOf(loginSchema, { email: '', password: '' })).toEqual({
      email: ['This field is required'],
      password: ['This field is required'],
    });
  });

  it('the e-mail must be valid', () => {
    expect(issuesOf(loginSchema, { email: 'owner', password: 'x' }).email).toEqual([
      'Please enter a valid email address',
    ]);
  });
});
