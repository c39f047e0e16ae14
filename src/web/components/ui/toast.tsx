import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

/*
 * A small toast system with sonner's call style (toast.success(...), toast.error(...)). sonner
 * itself injects a <style> element at runtime, which the app's CSP (style-src 'self') blocks, so
 * the kit ships its own: styles come from the Tailwind stylesheet, announcements go through two
 * visually hidden live regions (polite, and assertive for errors) that exist before any toast.
 */

export type ToastType = 'default' | 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  /** Reuse an id to replace a toast in place (e.g. "Saving..." then "Saved"). */
  id?: string | number;
  description?: ReactNode;
  /** Milliseconds before it closes itself; Infinity keeps it open. SPEC §9: 5000 by default. */
  duration?: number;
  action?: { label: string; onClick: () => void };
}

export interface ToastRecord {
  id: string | number;
  type: ToastType;
  title: ReactNode;
  description?: ReactNode;
  duration: number;
  action?: ToastOptions['action'];
  /** Bumped when a toast is replaced, to restart its timer. */
  version: number;
}

export const TOAST_DEFAULT_DURATION = 5000;
/** An error is read more slowly than a confirmation, but must not linger over the form. */
export const TOAST_ERROR_DURATION = 6000;
const MAX_VISIBLE = 4;

let toasts: ToastRecord[] = [];
let nextId = 1;
let announcement: { text: string; assertive: boolean; key: number } = {
  text: '',
  assertive: false,
  key: 0,
};
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function textOf(node: ReactNode): string {
  if (typeof node === 'string' || typeof node === 'number') return String(node);
  return '';
}

function addToast(type: ToastType, title: ReactNode, options: ToastOptions = {}) {
  const id = options.id ?? nextId++;
  const existing = toasts.find((t) => t.id === id);
  const record: ToastRecord = {
    id,
    type,
    title,
    description: options.description,
    duration:
      options.duration ?? (type === 'error' ? TOAST_ERROR_DURATION : TOAST_DEFAULT_DURATION),
    action: options.action,
    version: (existing?.version ?? 0) + 1,
  };
  toasts = existing
    ? toasts.map((t) => (t.id === id ? record : t))
    : [...toasts, record].slice(-MAX_VISIBLE);
  const spoken = [textOf(title), textOf(options.description)].filter(Boolean).join('. ');
  announcement = { text: spoken, assertive: type === 'error', key: announcement.key + 1 };
  emit();
  return id;
}

function dismissToast(id?: string | number) {
  toasts = id === undefined ? [] : toasts.filter((t) => t.id !== id);
  emit();
}

type ToastFn = (title: ReactNode, options?: ToastOptions) => string | number;

/** Show a notification. Returns its id (for toast.dismiss). */
export const toast: ToastFn & {
  success: ToastFn;
  error: ToastFn;
  warning: ToastFn;
  info: ToastFn;
  message: ToastFn;
  dismiss: (id?: string | number) => void;
} = Object.assign(
  (title: ReactNode, options?: ToastOptions) => addToast('default', title, options),
  {
    success: (title: ReactNode, options?: ToastOptions) => addToast('success', title, options),
    error: (title: ReactNode, options?: ToastOptions) => addToast('error', title, options),
    warning: (title: ReactNode, options?: ToastOptions) => addToast('warning', title, options),
    info: (title: ReactNode, options?: ToastOptions) => addToast('info', title, options),
    message: (title: ReactNode, options?: ToastOptions) => addToast('default', title, options),
    dismiss: dismissToast,
  },
);

const typeStyle: Record<ToastType, { className: string; icon: ReactNode; label: string }> = {
  default: { className: 'border-border', icon: null, label: 'Notification' },
  success: {
    className: 'border-sea-300',
    icon: <CheckCircle2 aria-hidden="true" className="size-5 text-sea-700" />,
    label: 'Success',
  },
  error: {
    className: 'border-destructive/40 bg-destructive-soft',
    icon: <XCircle aria-hidden="true" className="size-5 text-destructive" />,
    label: 'Error',
  },
  warning: {
    className: 'border-sand-400 bg-warning-soft',
    icon: <AlertTriangle aria-hidden="true" className="size-5 text-warning-foreground" />,
    label: 'Warning',
  },
  info: {
    className: 'border-sea-200',
    icon: <Info aria-hidden="true" className="size-5 text-sea-700" />,
    label: 'Information',
  },
};

function ToastItem({ record }: { record: ToastRecord }) {
  const [paused, setPaused] = useState(false);
  const remaining = useRef(record.duration);
  const startedAt = useRef(0);

  // A replaced toast (same id, new version) starts its full duration again.
  useEffect(() => {
    remaining.current = record.duration;
  }, [record.version, record.duration]);

  useEffect(() => {
    if (paused || !Number.isFinite(remaining.current)) return;
    startedAt.current = Date.now();
    const timer = window.setTimeout(() => dismissToast(record.id), remaining.current);
    return () => {
      window.clearTimeout(timer);
      remaining.current -= Date.now() - startedAt.current;
    };
  }, [paused, record.id, record.version]);

  // Do not let a toast vanish while the tab is in the background.
  useEffect(() => {
    const onVisibility = () => setPaused(document.hidden);
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const style = typeStyle[record.type];
  return (
    <li
      className={cn(
        'pointer-events-auto flex w-full items-start gap-3 rounded-xl border bg-surface p-4 text-sm shadow-lg motion-safe:animate-toast-in',
        style.className,
      )}
      data-type={record.type}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {style.icon ? <span className="mt-0.5 shrink-0">{style.icon}</span> : null}
      <div className="grid min-w-0 flex-1 gap-1">
        <span className="sr-only">{style.label}: </span>
        <div className="font-semibold break-words text-foreground">{record.title}</div>
        {record.description ? (
          <div className="break-words text-muted-foreground">{record.description}</div>
        ) : null}
        {record.action ? (
          <div className="mt-1">
            <button
              type="button"
              className="rounded-md bg-primary px-3 py-1.5 text-xs font-semibold text-primary-foreground hover:bg-primary-hover"
              onClick={() => {
                record.action?.onClick();
                dismissToast(record.id);
              }}
            >
              {record.action.label}
            </button>
          </div>
        ) : null}
      </div>
      <button
        type="button"
        className="-mt-1 -mr-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
        onClick={() => dismissToast(record.id)}
      >
        <X aria-hidden="true" className="size-4" />
        <span className="sr-only">Dismiss notification</span>
      </button>
    </li>
  );
}

const getToasts = () => toasts;
const getAnnouncement = () => announcement;

/** Renders the toasts. Mount once, near the root. */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, getToasts, getToasts);
  const spoken = useSyncExternalStore(subscribe, getAnnouncement, getAnnouncement);

  return (
    <>
      <div className="sr-only" aria-live="polite" aria-atomic="true">
        {spoken.assertive ? null : <span key={spoken.key}>{spoken.text}</span>}
      </div>
      <div className="sr-only" aria-live="assertive" aria-atomic="true">
        {spoken.assertive ? <span key={spoken.key}>{spoken.text}</span> : null}
      </div>
      <section
        aria-label="Notifications"
        className={cn(
          // Top centre, below the 4rem header: forms end with their Save button at the bottom
          // (often the bottom right), where a toast would cover it while it is needed.
          'pointer-events-none fixed inset-x-3 top-[4.5rem] z-[100] sm:inset-x-auto sm:left-1/2 sm:w-96 sm:-translate-x-1/2',
          items.length === 0 && 'hidden',
        )}
      >
        <ol className="flex flex-col gap-2">
          {items.map((record) => (
            <ToastItem key={record.id} record={record} />
          ))}
        </ol>
      </section>
    </>
  );
}
