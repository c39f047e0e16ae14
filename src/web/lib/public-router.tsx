import { createContext, useContext, useLayoutEffect, useSyncExternalStore } from 'react';
import type { AnchorHTMLAttributes, MouseEvent, ReactNode } from 'react';

/*
 * The public pages' router (decision 0014, fifth round): a path → lazy page table, the browser's
 * history, and links between public pages that render the next page without a page load. The
 * back office keeps TanStack Router in its own entry (main.tsx); a link from here to any path
 * this table does not have is an ordinary link, a full page load. About 1 KB, where TanStack
 * Router was about 26 KB of the guest page's download.
 */

/** One public page: what runs before it, the data it starts, and its lazily loaded component. */
export interface PublicRoute {
  /** An address to leave for with a full page load instead of showing the page, or null. */
  beforeLoad?: () => Promise<string | null>;
  /** Starts the page's requests alongside its chunk (not awaited: the page has its own states). */
  loader?: (search: URLSearchParams) => void;
  /** The page's chunk, then the page for a given query string. */
  load: () => Promise<(search: URLSearchParams) => ReactNode>;
}

export type PublicRoutes = Readonly<Record<string, PublicRoute>>;

/**
 * A lazily loaded page: `load` imports its module once (again after a failed attempt) and
 * `render` draws it for the address's query string.
 */
export function lazyPage<M>(
  load: () => Promise<M>,
  render: (module: M, search: URLSearchParams) => ReactNode,
): PublicRoute['load'] {
  let loaded: Promise<(search: URLSearchParams) => ReactNode> | undefined;
  return () =>
    (loaded ??= load().then(
      (module) => (search: URLSearchParams) => render(module, search),
      (error: unknown) => {
        loaded = undefined;
        throw error;
      },
    ));
}

export interface PublicLocation {
  pathname: string;
  search: URLSearchParams;
  hash: string;
}

interface Match {
  location: PublicLocation;
  render: (search: URLSearchParams) => ReactNode;
  /** Scroll to the top (or the hash's element) once drawn: a new page, not a back/forward step. */
  scroll: boolean;
}

export interface NavigateOptions {
  to: string;
  search?: Readonly<Record<string, string | undefined>>;
  hash?: string;
  replace?: boolean;
}

/** The address of a link: path, query string (undefined values left out) and hash. */
export function hrefOf({ to, search, hash }: Omit<NavigateOptions, 'replace'>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search ?? {})) {
    if (value !== undefined) params.set(key, value);
  }
  const query = params.toString();
  return `${to}${query ? `?${query}` : ''}${hash ? `#${hash}` : ''}`;
}

export interface PublicRouter {
  /** Resolves the first page (its chunk loaded) before the first render. */
  load: () => Promise<void>;
  /** Whether `pathname` is one of this router's pages (else a link to it loads the page). */
  handles: (pathname: string) => boolean;
  navigate: (options: NavigateOptions) => void;
  /** Loads a page's chunk and starts its data ahead of a click (a link hovered or focused). */
  preload: (options: Omit<NavigateOptions, 'replace'>) => void;
  subscribe: (listener: () => void) => () => void;
  current: () => Match | null;
}

/**
 * A router over `routes`. `normalize` turns a pathname into a key of `routes` (a trailing slash
 * is the same page), or null. With `staticUrl` it renders that address once (the build's
 * prerender): no history, no redirects.
 */
export function createPublicRouter(
  routes: PublicRoutes,
  normalize: (pathname: string) => string | null,
  staticUrl?: string,
): PublicRouter {
  let match: Match | null = null;
  let latest = 0;
  const listeners = new Set<() => void>();
  const routeOf = (pathname: string) => {
    const key = normalize(pathname);
    return key === null ? undefined : routes[key];
  };

  const locationOf = (href: string): PublicLocation => {
    const url = new URL(href, 'http://public.invalid');
    return { pathname: url.pathname, search: url.searchParams, hash: url.hash.slice(1) };
  };

  /** Resolves `href` and shows it, unless a later navigation started meanwhile. */
  async function go(href: string, history: 'push' | 'replace' | 'none', scroll: boolean) {
    const id = ++latest;
    const location = locationOf(href);
    const route = routeOf(location.pathname);
    if (!route) {
      window.location.assign(href);
      return;
    }
    if (!staticUrl && route.beforeLoad) {
      const leaveFor = await route.beforeLoad();
      if (leaveFor) {
        window.location.replace(leaveFor);
        return;
      }
    }
    route.loader?.(location.search);
    let render: Match['render'];
    try {
      render = await route.load();
    } catch (error) {
      // The chunk did not arrive (a new build replaced it, or the network): load the page.
      if (staticUrl) throw error;
      window.location.assign(href);
      return;
    }
    if (id !== latest) return;
    if (history === 'push') window.history.pushState(null, '', href);
    if (history === 'replace') window.history.replaceState(null, '', href);
    match = { location, render, scroll };
    for (const listener of listeners) listener();
  }

  const currentHref = () =>
    staticUrl ?? `${window.location.pathname}${window.location.search}${window.location.hash}`;

  return {
    load: async () => {
      if (!staticUrl) {
        window.addEventListener('popstate', () => {
          const location = locationOf(currentHref());
          // A step within the page (a table of contents' anchor): the page stays as it is.
          if (
            match &&
            location.pathname === match.location.pathname &&
            location.search.toString() === match.location.search.toString()
          ) {
            match = { ...match, location, scroll: false };
            for (const listener of listeners) listener();
            return;
          }
          void go(currentHref(), 'none', false);
        });
      }
      await go(currentHref(), 'none', false);
    },
    handles: (pathname) => routeOf(pathname) !== undefined,
    navigate: ({ replace, ...target }) => {
      const href = hrefOf(target);
      const samePage = match !== null && locationOf(href).pathname === match.location.pathname;
      void go(href, replace ? 'replace' : 'push', !samePage || Boolean(target.hash));
    },
    preload: (target) => {
      const location = locationOf(hrefOf(target));
      const route = routeOf(location.pathname);
      if (!route || location.pathname === match?.location.pathname) return;
      route.loader?.(location.search);
      void route.load().catch(() => undefined);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => match,
  };
}

const RouterContext = createContext<{ router: PublicRouter; location: PublicLocation } | null>(
  null,
);

/** Draws the current page; scrolls to the top (or to the hash) when a link or navigate changed it. */
export function PublicRouterView({ router }: { router: PublicRouter }) {
  const match = useSyncExternalStore(router.subscribe, router.current, router.current);
  useLayoutEffect(() => {
    if (!match?.scroll) return;
    const target = match.location.hash ? document.getElementById(match.location.hash) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [match]);
  if (!match) return null;
  return (
    <RouterContext.Provider value={{ router, location: match.location }}>
      {match.render(match.location.search)}
    </RouterContext.Provider>
  );
}

/** The page's navigate: changes the address (and the page) without a page load. */
export function useNavigate(): (options: NavigateOptions) => void {
  const context = useContext(RouterContext);
  return (options) => {
    if (context) context.router.navigate(options);
    else window.location.assign(hrefOf(options));
  };
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  search?: Readonly<Record<string, string | undefined>>;
  hash?: string;
  /** Attributes the link has while its page is the one shown. */
  activeProps?: AnchorHTMLAttributes<HTMLAnchorElement> & Record<`aria-${string}`, string>;
  children?: ReactNode;
}

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/**
 * A link: between public pages the next page is drawn in place; to any other address (the back
 * office's sign-in) or outside a public router it is an ordinary link.
 */
export function Link({ to, search, hash, activeProps, onClick, children, ...rest }: LinkProps) {
  const context = useContext(RouterContext);
  const active = context?.location.pathname === to;
  const preload = () => context?.router.preload({ to, search, hash });
  return (
    <a
      {...rest}
      {...(active ? activeProps : undefined)}
      href={hrefOf({ to, search, hash })}
      onMouseEnter={preload}
      onFocus={preload}
      onClick={(event) => {
        onClick?.(event);
        if (!context || event.defaultPrevented || !isPlainClick(event)) return;
        if ((rest.target && rest.target !== '_self') || !context.router.handles(to)) return;
        // An anchor of the page already shown: the browser scrolls to it.
        if (hash && !search && to === context.location.pathname) return;
        event.preventDefault();
        context.router.navigate({ to, search, hash });
      }}
    >
      {children}
    </a>
  );
}
