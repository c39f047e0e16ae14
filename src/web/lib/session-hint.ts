/*
 * A remembered "this browser may be signed in" flag. The session cookie is httpOnly, so scripts
 * cannot see it; without this flag every guest opening the home page would ask the server for a
 * session and get a 401. Only the public home page relies on it (to send signed-in staff to the
 * dashboard); staff routes and the login page always ask the server.
 */
const KEY = 'resort.session-hint';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings); the hint is only an optimisation.
    return null;
  }
}

export function hasSessionHint(): boolean {
  return storage()?.getItem(KEY) === '1';
}

export function setSessionHint(signedIn: boolean): void {
  const store = storage();
  if (!store) return;
  if (signedIn) store.setItem(KEY, '1');
  else store.removeItem(KEY);
}
