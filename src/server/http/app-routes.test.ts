import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  APP_PAGE_ROUTES,
  isAppPagePath,
  PUBLIC_PAGE_ROUTES,
  publicPageOf,
} from '../../domain/app-routes';

describe('APP_PAGE_ROUTES', () => {
  it("lists exactly the public pages and the pages of the back office's route tree", () => {
    const tree = readFileSync(new URL('../../web/routeTree.gen.ts', import.meta.url), 'utf8');
    const block = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(tree)?.[1] ?? '';
    // The staff layout (routes/_staff.tsx) has no path of its own: the tree lists it at '/'.
    const paths = [...block.matchAll(/^\s*'([^']+)': typeof (\w+)/gm)]
      .filter((match) => !(match[1] === '/' && match[2] === 'StaffRouteWithChildren'))
      .map((match) => (match[1] === '/' ? '/' : match[1]!.replace(/\/$/, '')));
    expect(paths.length).toBeGreaterThan(10);
    // The public pages are not in the back office's tree: they have their own entry.
    expect(paths.filter((path) => publicPageOf(path))).toEqual([]);
    expect([...APP_PAGE_ROUTES].sort()).toEqual(
      [...new Set([...paths, ...PUBLIC_PAGE_ROUTES])].sort(),
    );
  });
});

describe('isAppPagePath', () => {
  it.each([
    '/',
    '/login',
    '/dashboard',
    '/dashboard/',
    '/bookings',
    '/bookings/3f2b1c9e-0000-4000-8000-000000000001',
    '/bookings/anything/edit',
    '/units/u1/',
    '/audit-logs',
  ])('knows %s', (path) => {
    expect(isAppPagePath(path)).toBe(true);
  });

  it.each([
    '/no-such-page',
    '/bookings/a/b',
    '/bookings/a/edit/more',
    '/dashboardx',
    '/login/extra',
    '/settings/general',
  ])('does not know %s', (path) => {
    expect(isAppPagePath(path)).toBe(false);
  });
});

describe('publicPageOf', () => {
  it.each([
    ['/', '/'],
    ['/guest-booking', '/guest-booking'],
    ['/guest-booking/', '/guest-booking'],
    ['/calendar', '/calendar'],
    ['/check-booking', '/check-booking'],
    ['/privacy-policy', '/privacy-policy'],
    ['/terms-and-conditions', '/terms-and-conditions'],
    ['/unsubscribe', '/unsubscribe'],
  ])('%s is the public page %s', (path, page) => {
    expect(publicPageOf(path)).toBe(page);
  });

  it.each(['/login', '/dashboard', '/guest-booking/x', '/calendars', '/no-such-page'])(
    '%s is not a public page',
    (path) => {
      expect(publicPageOf(path)).toBeNull();
    },
  );
});
