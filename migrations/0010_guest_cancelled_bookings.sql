-- Issue 15: a guest's totals agree with the bookings counted. total_bookings counts every booking
-- of the guest, cancelled ones included, and cancelled_bookings says how many of them were
-- cancelled; total_spent is the money kept: Completed payments less Refunded ones. The app keeps
-- them in step (refreshGuestTotals); this brings the rows written under the old rule up to date.

ALTER TABLE guests ADD COLUMN cancelled_bookings integer NOT NULL DEFAULT 0;

UPDATE guests g
   SET total_bookings = (SELECT count(*)::int FROM bookings b WHERE b.guest_id = g.guest_id),
       cancelled_bookings = (
         SELECT count(*)::int FROM bookings b
          WHERE b.guest_id = g.guest_id AND b.booking_status = 'Cancelled'),
       total_spent = (
         SELECT coalesce(sum(CASE p.payment_status
                               WHEN 'Completed' THEN p.payment_amount
                               WHEN 'Refunded' THEN -p.payment_amount
                               ELSE 0 END), 0)
           FROM payments p JOIN bookings b ON b.booking_id = p.booking_id
          WHERE b.guest_id = g.guest_id);
