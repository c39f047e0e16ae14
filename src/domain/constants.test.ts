import { describe, expect, it } from 'vitest';
import {
  PAYMENT_METHODS,
  PAYMENT_METHOD_LABELS,
  ROLES,
  auditActionLabel,
  hasRoleAtLeast,
  safeRedirect,
} from './constants';

describe('hasRoleAtLeast (SPEC §6)', () => {
  it('passes at or above the required rank', () => {
    expect(hasRoleAtLeast('admin', 'owner')).toBe(true);
    expect(hasRoleAtLeast('owner', 'owner')).toBe(true);
    expect(hasRoleAtLeast('manager', 'owner')).toBe(false);
    expect(hasRoleAtLeast('staff', 'manager')).toBe(false);
    expect(hasRoleAtLeast('manager', 'staff')).toBe(true);
  });

  it('no role, or an unknown one, ranks 0', () => {
    for (const required of ROLES) {
      expect(hasRoleAtLeast(null, required)).toBe(false);
      expect(hasRoleAtLeast(undefined, required)).toBe(false);
      expect(hasRoleAtLeast('superuser', required)).toBe(false);
    }
  });
});

describe('safeRedirect (SPEC §2)', () => {
  it('honours targets under the allowed prefixes', () => {
    expect(safeRedirect('/dashboard')).toBe('/dashboard');
    expect(safeRedirect('/bookings/123?tab=payments')).toBe('/bookings/123?tab=payments');
    expect(safeRedirect('/bookings-new-multi')).toBe('/bookings-new-multi');
    expect(safeRedirect('/settings?tab=Security')).toBe('/settings?tab=Security');
  });

  it('falls back to /login for anything else', () => {
    for (const target of [
      '/audit-logs',
      'https://evil.example/dashboard',
      '//evil.example',
      '/\\evil.example',
      '/dashboard\\..\\evil',
      '/dashboard\n',
      'dashboard',
      '',
      null,
      undefined,
      42,
    ]) {
      expect(safeRedirect(target)).toBe('/login');
    }
  });
});

describe('labels', () => {
  it('every payment method has a label; BankTransfer reads "Bank Transfer"', () => {
    for (const method of PAYMENT_METHODS) expect(PAYMENT_METHOD_LABELS[method]).toBeTruthy();
    expect(PAYMENT_METHOD_LABELS.BankTransfer).toBe('Bank Transfer');
  });

  it('audit action labels', () => {
    expect(auditActionLabel('payment_verified')).toBe('Payment Verified');
    expect(auditActionLabel('login')).toBe('Login');
  });
});
