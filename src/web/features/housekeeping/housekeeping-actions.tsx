import { BadgeCheck, BrushCleaning, RotateCcw, Sparkles, Wrench } from 'lucide-react';
import { useState } from 'react';
import type { HousekeepingStatus } from '../../../domain/constants';
import { hasRoleAtLeast } from '../../../domain/constants';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/toast';
import { cn } from '../../lib/cn';
import { useCurrentUser } from '../auth/get-session';
import { isHousekeepingOnly } from '../auth/housekeeping-access';
import { OutOfOrderDialog } from './out-of-order-dialog';
import { useSetHousekeepingStatus } from './set-housekeeping-status';

export interface HousekeepingActionsProps {
  unitId: string;
  unitName: string;
  status: HousekeepingStatus;
  className?: string;
}

/** What the toast says once a status is set. */
const DONE: Record<Exclude<HousekeepingStatus, 'Out of order'>, string> = {
  Clean: 'is clean',
  Dirty: 'is marked dirty',
  Inspected: 'is inspected',
};

/**
 * Issue 22: the housekeeping status buttons of one cabin. Everyone who sees the board marks it
 * Clean or Dirty; managers and up also mark it Inspected, take it out of order and put it back in
 * service (the server refuses those to anyone else). The buttons are large: phones, wet hands.
 */
export function HousekeepingActions({
  unitId,
  unitName,
  status,
  className,
}: HousekeepingActionsProps) {
  const user = useCurrentUser();
  const isManager = hasRoleAtLeast(user?.role, 'manager');
  const change = useSetHousekeepingStatus({ boardOnly: isHousekeepingOnly(user?.role) });
  const [pending, setPending] = useState<HousekeepingStatus | null>(null);
  const [outOfOrderOpen, setOutOfOrderOpen] = useState(false);

  const set = async (next: Exclude<HousekeepingStatus, 'Out of order'>, message?: string) => {
    setPending(next);
    // Awaited rather than mutate()'s callbacks: under a filter the card leaves the list as soon
    // as the answer arrives, and mutate()'s callbacks do not run for a component that is gone.
    try {
      await change.mutateAsync({ unitId, changes: { status: next } });
      toast.success(message ?? `${unitName} ${DONE[next]}`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The cabin was not changed.');
    } finally {
      setPending(null);
    }
  };
  const busy = change.isPending;
  const button = (
    next: Exclude<HousekeepingStatus, 'Out of order'>,
    label: string,
    Icon: typeof Sparkles,
    variant: 'default' | 'outline' = 'outline',
    message?: string,
  ) => (
    <Button
      size="lg"
      variant={variant}
      className="w-full sm:w-auto"
      aria-label={`${label}: ${unitName}`}
      disabled={busy && pending !== next}
      loading={pending === next}
      loadingText="Saving..."
      onClick={() => void set(next, message)}
    >
      <Icon aria-hidden="true" />
      {label}
    </Button>
  );

  if (status === 'Out of order') {
    return (
      <div className={cn('flex flex-col gap-2 sm:flex-row sm:flex-wrap', className)}>
        {isManager ? (
          button(
            'Dirty',
            'Back in service',
            RotateCcw,
            'default',
            `${unitName} is back in service: Dirty until it is cleaned`,
          )
        ) : (
          <p className="text-sm text-muted-foreground">A manager puts the cabin back in service.</p>
        )}
      </div>
    );
  }
  return (
    <div className={cn('flex flex-col gap-2 sm:flex-row sm:flex-wrap', className)}>
      {status === 'Dirty' ? button('Clean', 'Mark clean', Sparkles, 'default') : null}
      {status === 'Clean' && isManager
        ? button('Inspected', 'Mark inspected', BadgeCheck, 'default')
        : null}
      {status !== 'Dirty' ? button('Dirty', 'Mark dirty', BrushCleaning) : null}
      {isManager ? (
        <>
          <Button
            size="lg"
            variant="outline"
            className="w-full sm:w-auto"
            aria-label={`Out of order: ${unitName}`}
            disabled={busy}
            onClick={() => setOutOfOrderOpen(true)}
          >
            <Wrench aria-hidden="true" />
            Out of order…
          </Button>
          <OutOfOrderDialog
            unitId={unitId}
            unitName={unitName}
            open={outOfOrderOpen}
            onOpenChange={setOutOfOrderOpen}
          />
        </>
      ) : null}
    </div>
  );
}
