import { describe, expect, it } from 'vitest';
import {
  addressLimitedMessage,
  formatClockTime,
  lockedMessage,
  lockedUntil,
  secondsUntil,
} from './lockout';

const minute = 60 * 1000;
const at = (minutes: number) => new Date(Date.UTC(2027, 0, 10, 7, 0) + minutes * minute);

describe('lockedUntil (SPEC §9: 5 failures in 30 minutes lock for 30 minutes)', () => {
  it('is not locked below 5 failures', () => {
    expect(lockedUntil([at(0), at(1), at(2), at(3)], at(4))).toBeNull();
  });

  it('locks from the 5th failure for 30 minutes', () => {
    const failures = [at(0), at(1), at(2), at(3), at(4)];
    expect(lockedUntil(failures, at(4))).toEqual(at(34));
    expect(lockedUntil(failures, at(33))).toEqual(at(34));
    expect(lockedUntil(failures, at(34))).toBeNull();
  });

  it('counts only failures that fall within 30 minutes of each other', () => {
    expect(lockedUntil([at(0), at(10), at(20), at(30), at(31)], at(31))).toBeNull();
    expect(lockedUntil([at(0), at(10), at(20), at(25), at(30)], at(30))).toEqual(at(60));
  });

  it('uses the latest run of 5 when there are more failures', () => {
    const failures = [at(0), at(1), at(2), at(3), at(4), at(40), at(41), at(42), at(43), at(44)];
    expect(lockedUntil(failures, at(45))).toEqual(at(74));
  });

  it('a lapsed lock and a fresh failure do not lock again', () => {
    expect(lockedUntil([at(0), at(1), at(2), at(3), at(4), at(35)], at(35))).toBeNull();
  });
});

describe('lockout messages', () => {
  it('says when to try again in the resort time zone', () => {
    // 07:45 UTC is 3:45 PM in Manila (UTC+8).
    expect(formatClockTime(new Date(Date.UTC(2027, 0, 10, 7, 45)), 'Asia/Manila')).toBe('3:45 PM');
    expect(lockedMessage(new Date(Date.UTC(2027, 0, 10, 7, 45)), 'Asia/Manila')).toBe(
      'Too many failed sign-in attempts. This account is locked until 3:45 PM (Asia/Manila). Try again then.',
    );
  });

  it('rounds the address limit wait up to whole minutes', () => {
    expect(addressLimitedMessage(61)).toMatch(/try again in 2 minutes\.$/);
    expect(addressLimitedMessage(30)).toMatch(/try again in 1 minute\.$/);
  });

  it('Retry-After is at least one second', () => {
    expect(secondsUntil(at(0), at(1))).toBe(1);
    expect(secondsUntil(at(30), at(0))).toBe(1800);
  });
});
