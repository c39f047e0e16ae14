import { Menu } from 'lucide-react';
import { Suspense, lazy, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import type { MobileMenuProps } from './mobile-menu-sheet';

/**
 * The sheet (Radix's dialog and the navigation) loads when the menu is first opened: every back
 * office page shows this button, and on a wide screen it is never used (decision 0014, round 4).
 */
const MobileMenuSheet = lazy(() =>
  import('./mobile-menu-sheet').then((module) => ({ default: module.MobileMenuSheet })),
);

/** SPEC §2: the mobile menu, with Settings, the signed-in user and Sign Out. */
export function MobileMenu(props: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(event) => {
          button.current = event.currentTarget;
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" />
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <MobileMenuSheet {...props} onClose={() => setOpen(false)} returnFocusTo={button} />
        </Suspense>
      ) : null}
    </>
  );
}
