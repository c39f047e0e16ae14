import { Archive } from 'lucide-react';
import { useState } from 'react';
import { addDays } from '../../../domain/dates';
import { Button } from '../../components/ui/button';
import { DatePicker } from '../../components/ui/date-picker';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { toast } from '../../components/ui/toast';
import { useArchiveAuditLogs } from './archive-audit-logs';

/** The server refuses a cutoff inside the last 30 days (docs/decisions/0010). */
const MIN_AGE_DAYS = 30;

/**
 * "Archive Old Entries": removes the entries written before a day at least 30 days ago, after the
 * owner has confirmed. Nothing is kept elsewhere, so the dialog says to export first.
 */
export function ArchiveDialog({ today }: { today: string }) {
  const [open, setOpen] = useState(false);
  const latest = addDays(today, -MIN_AGE_DAYS);
  const [cutoff, setCutoff] = useState(() => addDays(today, -365));
  const archive = useArchiveAuditLogs();
  const tooRecent = cutoff > latest;

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Archive aria-hidden="true" />
        Archive Old Entries
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) archive.reset();
        }}
      >
        <DialogContent size="md">
          <DialogHeader>
            <DialogTitle>Archive Old Entries</DialogTitle>
            <DialogDescription>
              Entries written before the chosen day are removed from the trail for good; the trail
              records that you did it. Export them to CSV first if they must be kept.
            </DialogDescription>
          </DialogHeader>
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (tooRecent || !cutoff) return;
              archive.mutate(cutoff, {
                onSuccess: ({ removed }) => {
                  toast.success(
                    `Archived ${removed.toLocaleString('en-PH')} audit ${removed === 1 ? 'entry' : 'entries'}`,
                  );
                  setOpen(false);
                },
              });
            }}
          >
            <Field
              label="Remove entries written before"
              description={`At least ${MIN_AGE_DAYS} days ago.`}
              error={
                tooRecent
                  ? `Please choose ${latest} or earlier.`
                  : archive.isError
                    ? archive.error.message
                    : undefined
              }
              required
            >
              <DatePicker
                value={cutoff}
                max={latest}
                required
                onChange={(event) => setCutoff(event.target.value)}
              />
            </Field>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button
                type="submit"
                variant="destructive"
                disabled={archive.isPending || tooRecent || !cutoff}
              >
                {archive.isPending ? 'Archiving...' : 'Archive'}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
