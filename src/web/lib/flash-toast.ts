import { toast } from '../components/ui/toast';

/*
 * Toasts that must survive a full page load. SPEC §2 reloads the page after a successful login,
 * and SPEC §8 still wants "Logged in successfully!" on screen: the message is parked in
 * sessionStorage and shown by the next page.
 */
const KEY = 'resort.flash-toasts';

export type FlashToastType = 'success' | 'error' | 'info' | 'warning';

interface FlashToast {
  type: FlashToastType;
  message: string;
}

function readAll(): FlashToast[] {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(
      (item): item is FlashToast =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as FlashToast).message === 'string' &&
        ['success', 'error', 'info', 'warning'].includes((item as FlashToast).type),
    );
  } catch {
    return [];
  }
}

/** Queue a toast for the next page load. */
export function setFlashToast(type: FlashToastType, message: string): void {
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify([...readAll(), { type, message }]));
  } catch {
    // Storage blocked: the toast is lost, nothing else is.
  }
}

/** Show (and forget) the toasts queued by the previous page. */
export function showFlashToasts(): void {
  const pending = readAll();
  if (pending.length === 0) return;
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Ignore: see setFlashToast.
  }
  for (const item of pending) toast[item.type](item.message);
}
