import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowLeft, Download, Pencil, ShieldOff } from 'lucide-react';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { hasRoleAtLeast } from '../../../domain/constants';
import {
  DATE_FORMATS,
  formatCurrency,
  formatDate,
  formatPhoneDisplay,
} from '../../../domain/format';
import { DetailSkeleton, LoadFailed, NotFoundRecord } from '../../components/errors/detail-states';
import { Badge, StatusBadge } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { SimpleDialog } from '../../components/ui/dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { PageHeader } from '../../components/ui/page-header';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { toast } from '../../components/ui/toast';
import { isApiError } from '../../lib/api';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { guestExportUrl, useGuest } from './get-guest';
import type { GuestDetailDto as GuestDetail } from '../../../domain/schemas/guest.schema';
import { useAnonymizeGuest } from './update-guest';
import { RecordHistoryCard } from '../audit/record-history-card';

/** SPEC §2 /guests/{guestId}: the guest, their bookings with unit name and code, and stats. */
export function GuestDetailPage({ guestId }: { guestId: string }) {
  const user = useCurrentUser();
  const isManager = hasRoleAtLeast(user?.role, 'manager');
  const isOwner = hasRoleAtLeast(user?.role, 'owner');
  const query = useGuest(guestId);
  useDocumentTitle(query.data ? query.data.guest_name : 'Guest');

  if (query.isPending) return <DetailSkeleton label="Loading guest..." />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return <NotFoundRecord entity="Guest" />;
    }
    return <LoadFailed entity="Guest" message={`Failed to load guest: ${query.error.message}`} />;
  }
  const guest = query.data;
  const anonymized = guest.anonymized_at !== null;

  return (
    <div className="grid grid-cols-1 gap-6">
      <div>
        <Link to="/guests" className={buttonVariants({ variant: 'link' })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          All guests
        </Link>
      </div>
      <PageHeader
        eyebrow="Guest"
        title={guest.guest_name}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>Guest since {formatDate(guest.created_at)}</span>
            {guest.is_corporate ? <Badge variant="secondary">Corporate</Badge> : null}
            {anonymized ? <Badge variant="outline">Anonymised</Badge> : null}
          </span>
        }
        actions={
          <>
            {isManager && !anonymized ? (
              <Link
                to="/guests/$guestId/edit"
                params={{ guestId }}
                className={buttonVariants({ variant: 'outline' })}
              >
                <Pencil aria-hidden="true" />
                Edit
              </Link>
            ) : null}
            {isManager ? (
              <a
                href={guestExportUrl(guestId)}
                download
                className={buttonVariants({ variant: 'outline' })}
              >
                <Download aria-hidden="true" />
                Export Data
              </a>
            ) : null}
            {isOwner && !anonymized ? <AnonymizeGuestButton guest={guest} /> : null}
          </>
        }
      />

      {anonymized ? (
        <p role="note" className="rounded-xl border border-border bg-muted p-4 text-sm">
          This guest's personal details were removed on{' '}
          {formatDate(guest.anonymized_at, DATE_FORMATS.withTime)} at their request. Their bookings
          and payments are kept for the resort's records.
        </p>
      ) : null}

      <section aria-label="Guest statistics" className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        <Stat
          label="Bookings"
          value={String(guest.total_bookings)}
          hint={`${guest.cancelled_bookings} cancelled`}
        />
        {/* Absent when the owners hide revenue from staff: no figure rather than a blank. */}
        {guest.stats.total_spent !== undefined ? (
          <Stat
            label="Total booked"
            value={formatCurrency(guest.stats.total_spent)}
            hint={
              guest.stats.average_spent !== undefined
                ? `Bookings not cancelled; average ${formatCurrency(guest.stats.average_spent)}`
                : 'Bookings not cancelled'
            }
          />
        ) : null}
        {guest.total_spent !== undefined ? (
          <Stat
            label="Paid"
            value={formatCurrency(guest.total_spent)}
            hint="Verified payments less refunds"
          />
        ) : null}
      </section>

      <Card>
        <CardHeader>
          <CardTitle>Contact</CardTitle>
        </CardHeader>
        <CardContent>
          <dl className="grid gap-3">
            <Row label="E-mail">{guest.email}</Row>
            <Row label="Phone">{formatPhoneDisplay(guest.phone_number) || '—'}</Row>
            <Row label="Notes">{guest.notes || '—'}</Row>
          </dl>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Bookings</CardTitle>
          <CardDescription>Newest check-in first.</CardDescription>
        </CardHeader>
        <CardContent>
          {guest.bookings.length === 0 ? (
            <p className="text-sm text-muted-foreground">No bookings yet.</p>
          ) : (
            <Table label="Bookings of this guest" containerClassName="relative">
              <TableHeader>
                <TableRow>
                  <TableHead>Reference</TableHead>
                  <TableHead>Cabin</TableHead>
                  <TableHead>Check-in</TableHead>
                  <TableHead className="text-right">Nights</TableHead>
                  <TableHead className="text-right">Total</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Payment</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {guest.bookings.map((booking) => (
                  <TableRow key={booking.booking_id}>
                    <TableCell className="font-mono text-sm whitespace-nowrap">
                      <Link
                        to="/bookings/$bookingId"
                        params={{ bookingId: booking.booking_id }}
                        className="text-primary underline-offset-4 hover:underline"
                      >
                        {booking.booking_reference}
                      </Link>
                    </TableCell>
                    <TableCell>
                      {booking.units.map((unit) => (
                        <div key={unit.unit_id}>
                          {unit.unit_name}{' '}
                          <span className="text-xs text-muted-foreground">{unit.unit_code}</span>
                        </div>
                      ))}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatDate(booking.check_in)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{booking.nights}</TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">
                      {formatCurrency(booking.total_amount)}
                    </TableCell>
                    <TableCell>
                      <StatusBadge status={booking.booking_status} />
                    </TableCell>
                    <TableCell>
                      <StatusBadge status={booking.payment_status} />
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
      <RecordHistoryCard table="guests" recordId={guestId} recordLabel="guest" />
    </div>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <Card>
      <CardContent className="grid gap-1 pt-5 sm:pt-6">
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="text-2xl font-bold tabular-nums">{value}</p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/**
 * Owners and above: a data-subject erasure under the Philippine Data Privacy Act. Irreversible,
 * so the guest's name must be typed again.
 */
function AnonymizeGuestButton({ guest }: { guest: GuestDetail }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const anonymize = useAnonymizeGuest();
  const navigate = useNavigate();
  const matches = typed.trim().toLowerCase() === guest.guest_name.trim().toLowerCase();

  const submit = async () => {
    try {
      await anonymize.mutateAsync({ guestId: guest.guest_id, confirmName: typed });
      toast.success('The guest has been anonymised');
      setOpen(false);
      void navigate({ to: '/guests/$guestId', params: { guestId: guest.guest_id } });
    } catch (failure) {
      const message = failure instanceof Error ? failure.message : 'The guest was not anonymised.';
      setError(message);
      toast.error(message);
    }
  };

  return (
    <>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        <ShieldOff aria-hidden="true" />
        Anonymise
      </Button>
      <SimpleDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setTyped('');
            setError(null);
          }
        }}
        title="Anonymise this guest?"
        description="The name, e-mail, phone and notes are replaced on the guest and on their bookings. Bookings and payments are kept. This cannot be undone."
        footer={
          <>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={anonymize.isPending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={!matches}
              loading={anonymize.isPending}
              loadingText="Anonymising..."
              onClick={() => void submit()}
            >
              Anonymise Guest
            </Button>
          </>
        }
      >
        <Field
          label={`Type the guest's name (${guest.guest_name}) to confirm`}
          error={error ?? undefined}
        >
          <Input
            value={typed}
            autoComplete="off"
            onChange={(event) => setTyped(event.target.value)}
          />
        </Field>
      </SimpleDialog>
    </>
  );
}
