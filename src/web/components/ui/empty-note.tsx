import type { ReactNode } from 'react';

/** A list's empty state inside a card: one dashed, centred line. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed border-sand-300 px-4 py-6 text-center text-sm text-muted-foreground">
      {children}
    </p>
  );
}
