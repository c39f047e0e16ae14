import { describe, expect, it } from 'vitest';
import { createPublicRouter, hrefOf, lazyPage } from './public-router';
import type { PublicRoutes } from './public-router';

describe('hrefOf', () => {
  it('writes the path, the defined search parameters and the hash', () => {
    expect(hrefOf({ to: '/calendar' })).toBe('/calendar');
    expect(hrefOf({ to: '/guest-booking', search: { unit_id: 'a b&c' } })).toBe(
      '/guest-booking?unit_id=a+b%26c',
    );
    expect(hrefOf({ to: '/calendar', search: { month: undefined } })).toBe('/calendar');
    expect(hrefOf({ to: '/privacy-policy', hash: 'rights' })).toBe('/privacy-policy#rights');
  });
});

describe('lazyPage', () => {
  it('loads the module once, and again after a failed attempt', async () => {
    let calls = 0;
    const load = lazyPage(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('chunk failed');
        return { greet: (name: string) => `Hello ${name}` };
      },
      (module, search) => module.greet(search.get('name') ?? ''),
    );
    await expect(load()).rejects.toThrow('chunk failed');
    const render = await load();
    await load();
    expect(calls).toBe(2);
    expect(render(new URLSearchParams('name=Ana'))).toBe('Hello Ana');
  });
});

describe('createPublicRouter at a fixed address (the prerender)', () => {
  const started: string[] = [];
  const routes: PublicRoutes = {
    '/': { load: async () => () => 'home' },
    '/calendar': {
      loader: (search) => started.push(`calendar ${search.get('month') ?? ''}`),
      load: async () => (search) => `calendar ${search.get('month') ?? 'now'}`,
    },
  };
  const normalize = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

  it('resolves the page with its query string, starts its data and knows its paths', async () => {
    const router = createPublicRouter(routes, normalize, '/calendar/?month=2027-01');
    await router.load();
    const match = router.current();
    expect(match?.location.pathname).toBe('/calendar/');
    expect(match?.render(match.location.search)).toBe('calendar 2027-01');
    expect(started).toEqual(['calendar 2027-01']);
    expect(router.handles('/')).toBe(true);
    expect(router.handles('/login')).toBe(false);
  });

  it('runs no redirect while prerendering', async () => {
    let asked = false;
    const router = createPublicRouter(
      {
        '/': {
          beforeLoad: async () => {
            asked = true;
            return '/dashboard';
          },
          load: async () => () => 'home',
        },
      },
      normalize,
      '/',
    );
    await router.load();
    expect(asked).toBe(false);
    expect(router.current()?.render(new URLSearchParams())).toBe('home');
  });
});
