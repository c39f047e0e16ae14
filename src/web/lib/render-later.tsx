import { useEffect, useState } from 'react';
import type { ReactNode } from 'react';

/** Parts waiting for their turn, first come first drawn; one is drawn per task. */
const waiting: (() => void)[] = [];
let scheduled = false;

function drawNext() {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0) scheduleNext();
}

function scheduleNext() {
  if (scheduled) return;
  scheduled = true;
  setTimeout(drawNext, 0);
}

/** Queues `draw` for a later task; returns a function that takes it off the queue. */
function queueDraw(draw: () => void): () => void {
  waiting.push(draw);
  scheduleNext();
  return () => {
    const index = waiting.indexOf(draw);
    if (index >= 0) waiting.splice(index, 1);
  };
}

export interface RenderLaterProps {
  children: ReactNode;
  /** Shown until the children's turn comes: keep it about as tall as they are. */
  fallback?: ReactNode;
}

/**
 * Draws its children in a task of their own, after the page around them and after the parts that
 * asked before them (decision 0014, third round). A phone then draws a long page such as the
 * booking form in a few short tasks rather than one long one, so it can answer a tap or a
 * keystroke in between. Only for parts that are not in the prerendered HTML: a part drawn later
 * is missing from the page's first render. Nothing in the fallback may take input.
 */
export function RenderLater({ children, fallback = null }: RenderLaterProps) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (ready) return undefined;
    return queueDraw(() => setReady(true));
  }, [ready]);
  return ready ? children : fallback;
}
