import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { APP_PAGE_ROUTES, isAppPagePath } from '../../domain/app-routes';

describe('APP_PAGE_ROUTES', () => {
  it('lists exactly the pages of the generated route tree', () => {
    const tree = readFileSync(new URL('../../web/routeTree.gen.ts', import.meta.url), 'utf8');
    const block = /export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/.exec(tree)?.[1] ?? '';
    const paths = [...block.matchAll(/^\s*'([^']+)':/gm)].map((match) =>
      match[1] === '/' ? '/' : match[1]!.replace(/\/$/, ''),
    );
    expect(paths.length).toBeGreaterThan(10);
    expect([...APP_PAGE_ROUTES].sort()).toEqual([...new Set(paths)].sort());
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
