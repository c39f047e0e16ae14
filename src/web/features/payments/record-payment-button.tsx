import { Wallet } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button';
import type { BookingDetailDto as BookingDetail } from '../../../domain/schemas/booking.schema';
import { RecordPaymentDialog } from './record-payment-dialog';

/** What the guest still owes: total less verified payments net of refunds (DESIGN §4). */
export function balanceOf(booking: BookingDetail): number {
  const paid = booking.payments.reduce((sum, payment) => {
    const cents = Math.round(payment.payment_amount * 100);
    if (payment.payment_status === 'Completed') return sum + cents;
    if (payment.payment_status === 'Refunded') return sum - cents;
    return sum;
  }, 0);
  return Math.max(0, Math.round(booking.total_amount * 100) - paid) / 100;
}

/** "Record Payment" on a booking's page: the dialog with the booking already chosen. */
export function RecordPaymentButton({ booking }: { booking: BookingDetail }) {
  const [open, setOpen] = useState(false);
  if (booking.booking_status === 'Cancelled') return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Wallet aria-hidden="true" />
        Record Payment
      </Button>
      <RecordPaymentDialog
        open={open}
        onOpenChange={setOpen}
        booking={{
          booking_id: booking.booking_id,
          booking_reference: booking.booking_reference,
          guest_name: booking.guest_name,
          check_in: booking.check_in,
          check_out: booking.check_out,
          total_amount: booking.total_amount,
          balance: balanceOf(booking),
        }}
      />
    </>
  );
}
