import * as DialogPrimitive from '@radix-ui/react-dialog';
import { LogOut, Waves, X } from 'lucide-react';
import { useEffect } from 'react';
import type { RefObject } from 'react';
import { ROLE_LABELS } from '../../../domain/constants';
import { Button } from '../../components/ui/button';
import type { SessionUser } from '../auth/get-session';
import { StaffNav } from './staff-nav';

/**
 * Radix's Dialog.Overlay injects a <style> element to lock scrolling, which the CSP blocks, so the
 * sheet draws its own backdrop and locks scrolling with the kit's class (as components/ui/dialog
 * does). Focus trap, Escape and outside click come from Radix.
 */
function SheetBackdrop() {
  useEffect(() => {
    document.documentElement.classList.add('scroll-locked');
    return () => document.documentElement.classList.remove('scroll-locked');
  }, []);
  return (
    <div
      aria-hidden="true"
      className="fixed inset-0 z-50 bg-sea-950/60 motion-safe:animate-fade-in"
    />
  );
}

export interface MobileMenuProps {
  user: SessionUser;
  resortName: string;
  version: string;
  onSignOut: () => void;
  signingOut: boolean;
}

export interface MobileMenuSheetProps extends MobileMenuProps {
  onClose: () => void;
  /** The menu button, focused again when the sheet closes. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/** The open mobile menu: a sheet from the left, loaded the first time the menu is opened. */
export function MobileMenuSheet({
  user,
  resortName,
  version,
  onSignOut,
  signingOut,
  onClose,
  returnFocusTo,
}: MobileMenuSheetProps) {
  return (
    <DialogPrimitive.Root open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogPrimitive.Portal>
        <SheetBackdrop />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-[min(20rem,calc(100vw-2.5rem))] flex-col overflow-y-auto bg-surface shadow-xl focus-visible:outline-none"
        >
          <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
            <DialogPrimitive.Title className="flex min-w-0 items-center gap-2 text-base font-bold text-sea-900">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                <Waves aria-hidden="true" className="size-4" />
              </span>
              <span className="truncate">{resortName}</span>
            </DialogPrimitive.Title>
            <DialogPrimitive.Close className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Close menu</span>
            </DialogPrimitive.Close>
          </div>

          <StaffNav
            role={user.role}
            tone="light"
            onNavigate={onClose}
            className="flex-1 px-3 py-4"
          />

          <div className="grid gap-3 border-t border-border px-4 py-4">
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">{user.name}</p>
              <p className="text-sm text-muted-foreground">
                {user.role ? ROLE_LABELS[user.role] : 'No role'}
              </p>
            </div>
            <Button
              variant="outline"
              onClick={onSignOut}
              loading={signingOut}
              loadingText="Signing out..."
            >
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
            {version ? <p className="text-xs text-muted-foreground">Version {version}</p> : null}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
