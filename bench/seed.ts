// The benchmark's data set (issue 9): 60 cabins (3 demo, 57 generated) and about 25,000 bookings
// over 3 years with their guests and payments, a share cancelled, and 1,500 expenses.

/** The data set, seeded (setseed) so every run measures the same rows. Triggers are off. */
export const SEED_SQL = `
DO $$
DECLARE
  u record; d date; nights int; gid uuid; bid uuid; st text; n int := 0; k int;
BEGIN
  PERFORM setseed(0.42);
  SET LOCAL session_replication_role = replica;
  INSERT INTO units (unit_name, unit_code, unit_type, base_occupancy, max_occupancy, base_rate,
                     weekend_rate, extra_person_rate, unit_status)
  SELECT 'Bench Cabin ' || i, 'BN' || i, (ARRAY['Standard','Deluxe','Suite','Villa'])[1 + i % 4],
         2, 4 + i % 4, 2000 + (i % 10) * 500, 2500 + (i % 10) * 600, 400, 'Available'
    FROM generate_series(1, 57) AS i;
  FOR u IN SELECT unit_id, base_rate FROM units WHERE unit_code LIKE 'BN%' ORDER BY unit_code LOOP
    d := date '2024-01-01' + floor(random() * 3)::int;
    WHILE d < date '2026-12-28' LOOP
      nights := 1 + floor(random() * 3)::int;
      n := n + 1;
      INSERT INTO guests (guest_name, email, phone_number)
      VALUES ('Bench Guest ' || n, 'bench.guest.' || n || '@example.ph', '+639171234567')
      RETURNING guest_id INTO gid;
      st := CASE
        WHEN random() < 0.08 THEN 'Cancelled'
        WHEN d + nights < current_date THEN 'CheckedOut'
        WHEN random() < 0.5 THEN 'Confirmed' ELSE 'Pending' END;
      INSERT INTO bookings (booking_reference, guest_id, guest_name, email, num_guests, check_in,
                            check_out, total_amount, booking_status, payment_status, created_at)
      VALUES ('BK-B' || lpad(n::text, 7, '0'), gid, 'Bench Guest ' || n,
              'bench.guest.' || n || '@example.ph', 2, d, d + nights, u.base_rate * nights, st,
              CASE WHEN st IN ('CheckedOut', 'Confirmed') THEN 'Paid' ELSE 'Unpaid' END,
              d - (1 + floor(random() * 60)::int) + time '10:00')
      RETURNING booking_id INTO bid;
      INSERT INTO booking_units (booking_id, unit_id, check_in, check_out, booking_status,
                                 assigned_guests)
      VALUES (bid, u.unit_id, d, d + nights, st, 2);
      IF st IN ('CheckedOut', 'Confirmed') THEN
        INSERT INTO payments (booking_id, payment_amount, payment_method, payment_status)
        VALUES (bid, u.base_rate * nights, 'GCash', 'Completed');
      END IF;
      d := d + nights + floor(random() * 1.3)::int;
    END LOOP;
  END LOOP;
  -- Multi-unit bookings: pairs of cabins for one night every other day of February 2027.
  FOR u IN SELECT a.unit_id AS first_id, b.unit_id AS second_id, a.base_rate + b.base_rate AS rate
             FROM units a JOIN units b ON b.unit_code = 'BN' || (substr(a.unit_code, 3)::int + 1)
            WHERE a.unit_code LIKE 'BN%' AND substr(a.unit_code, 3)::int % 2 = 1 LOOP
    FOR k IN 0..9 LOOP
      n := n + 1;
      d := date '2027-02-01' + k * 2;
      INSERT INTO guests (guest_name, email, phone_number)
      VALUES ('Bench Group ' || n, 'bench.group.' || n || '@example.ph', '+639171234567')
      RETURNING guest_id INTO gid;
      INSERT INTO bookings (booking_reference, guest_id, guest_name, email, num_guests, check_in,
                            check_out, total_amount, booking_status, payment_status,
                            is_multi_unit, unit_count)
      VALUES ('BK-B' || lpad(n::text, 7, '0'), gid, 'Bench Group ' || n,
              'bench.group.' || n || '@example.ph', 4, d, d + 1, u.rate, 'Confirmed', 'Paid',
              true, 2)
      RETURNING booking_id INTO bid;
      INSERT INTO booking_units (booking_id, unit_id, check_in, check_out, booking_status,
                                 assigned_guests)
      VALUES (bid, u.first_id, d, d + 1, 'Confirmed', 2), (bid, u.second_id, d, d + 1, 'Confirmed', 2);
      INSERT INTO payments (booking_id, payment_amount, payment_method, payment_status)
      VALUES (bid, u.rate, 'BankTransfer', 'Completed');
    END LOOP;
  END LOOP;
  -- Blackouts: each generated cabin closed for three days in January 2027.
  INSERT INTO availability_blackouts (unit_id, start_date, end_date, reason)
  SELECT unit_id, date '2027-01-10' + (row_number() OVER (ORDER BY unit_code))::int % 7,
         date '2027-01-12' + (row_number() OVER (ORDER BY unit_code))::int % 7, 'Maintenance'
    FROM units WHERE unit_code LIKE 'BN%';
  INSERT INTO expenses (expense_date, category, amount, description)
  SELECT date '2024-01-01' + i % 1090, (ARRAY['Utilities','Supplies','Maintenance','Salaries'])[1 + i % 4],
         500 + (i % 50) * 100, 'Bench expense ' || i
    FROM generate_series(1, 1500) AS i;
END $$;
`;

/** The export token of the cabin the iCal workload reads (issue 24; 32+ URL-safe characters). */
export const ICAL_TOKEN = 'benchIcalExportTokenOfCabinBN1xxxxxxxxxxxx';
/** The day the front desk workload reads: 40 arrivals, 40 departures, 17 guests in house. */
export const BUSY_DAY = '2027-01-05';
/** The booking whose folio (20 entries) the folio workload reads. */
export const FOLIO_REFERENCE = 'BK-F0000001';

/**
 * Issue 24's new workloads, on nights nothing else of the bench uses (triggers off, as above; the
 * folio backfill then gives these bookings their folios, except the folio booking, written here):
 * - cabin BN1: 300 one-night bookings every other day from 2029-01-02, and an export token;
 * - cabin BN2: a three-night booking in March 2029 with 20 folio entries (lodging, 14 extras,
 *   2 fees, a discount, 2 payments);
 * - the busy day: BN1–BN40 depart (checked in since 2 January) and arrive again that day,
 *   BN41–BN57 are in house (4 to 6 January).
 * No name, e-mail or reference contains "bench", so the bookings list's search rows are unchanged.
 */
export const WORKLOADS_SQL = `
DO $$
DECLARE
  u record; gid uuid; bid uuid; k int; charges numeric := 0;
BEGIN
  SET LOCAL session_replication_role = replica;
  SELECT unit_id, base_rate INTO u FROM units WHERE unit_code = 'BN1';
  INSERT INTO channel_export_tokens (unit_id, token) VALUES (u.unit_id, '${ICAL_TOKEN}');
  FOR k IN 1..300 LOOP
    INSERT INTO guests (guest_name, email, phone_number)
    VALUES ('Ical Guest ' || k, 'ical.guest.' || k || '@example.ph', '+639171234567')
    RETURNING guest_id INTO gid;
    INSERT INTO bookings (booking_reference, guest_id, guest_name, email, num_guests, check_in,
                          check_out, total_amount, booking_status, payment_status)
    VALUES ('BK-I' || lpad(k::text, 7, '0'), gid, 'Ical Guest ' || k,
            'ical.guest.' || k || '@example.ph', 2, date '2029-01-02' + 2 * k,
            date '2029-01-03' + 2 * k, u.base_rate, 'Confirmed', 'Unpaid')
    RETURNING booking_id INTO bid;
    INSERT INTO booking_units (booking_id, unit_id, check_in, check_out, booking_status,
                               assigned_guests)
    VALUES (bid, u.unit_id, date '2029-01-02' + 2 * k, date '2029-01-03' + 2 * k, 'Confirmed', 2);
  END LOOP;

  SELECT unit_id, base_rate INTO u FROM units WHERE unit_code = 'BN2';
  INSERT INTO guests (guest_name, email, phone_number)
  VALUES ('Folio Guest', 'folio.guest@example.ph', '+639171234567') RETURNING guest_id INTO gid;
  INSERT INTO bookings (booking_reference, guest_id, guest_name, email, num_guests, check_in,
                        check_out, total_amount, booking_status, payment_status)
  VALUES ('${FOLIO_REFERENCE}', gid, 'Folio Guest', 'folio.guest@example.ph', 2, '2029-03-01',
          '2029-03-04', 0, 'Confirmed', 'Deposit paid')
  RETURNING booking_id INTO bid;
  INSERT INTO booking_units (booking_id, unit_id, check_in, check_out, booking_status,
                             assigned_guests)
  VALUES (bid, u.unit_id, '2029-03-01', '2029-03-04', 'Confirmed', 2);
  INSERT INTO folio_entries (booking_id, kind, description, quantity, unit_amount, amount,
                             tax_treatment)
  SELECT bid, e.kind, e.description, e.quantity, e.unit_amount, e.quantity * e.unit_amount,
         'vatable'
    FROM (VALUES (0, 'lodging', 'Lodging, 3 nights', 3, u.base_rate)) AS e(i, kind, description, quantity, unit_amount)
  UNION ALL
  SELECT bid, 'extra', 'Extra ' || i, 1 + i % 3, 150 + 50 * i, (1 + i % 3) * (150 + 50 * i),
         'vatable'
    FROM generate_series(1, 14) AS i
  UNION ALL
  SELECT bid, 'fee', 'Fee ' || i, 1, 300, 300, 'vatable' FROM generate_series(1, 2) AS i;
  SELECT sum(amount) INTO charges FROM folio_entries WHERE booking_id = bid;
  INSERT INTO folio_entries (booking_id, kind, description, quantity, unit_amount, amount,
                             tax_treatment)
  VALUES (bid, 'discount', 'Returning guest', 1, -500, -500, 'vatable'),
         (bid, 'payment', 'Payment (GCash)', 1, -3000, -3000, 'exempt'),
         (bid, 'payment', 'Payment (Cash)', 1, -2000, -2000, 'exempt');
  UPDATE bookings SET total_amount = charges - 500 WHERE booking_id = bid;

  FOR u IN SELECT unit_id, base_rate, substr(unit_code, 3)::int AS i FROM units
            WHERE unit_code LIKE 'BN%' ORDER BY unit_code LOOP
    INSERT INTO guests (guest_name, email, phone_number)
    VALUES ('Desk Guest ' || u.i, 'desk.guest.' || u.i || '@example.ph', '+639171234567')
    RETURNING guest_id INTO gid;
    IF u.i <= 40 THEN
      INSERT INTO bookings (booking_reference, guest_id, guest_name, email, num_guests, check_in,
                            check_out, total_amount, booking_status, payment_status)
      VALUES ('BK-D' || lpad(u.i::text, 7, '0'), gid, 'Desk Guest ' || u.i,
              'desk.guest.' || u.i || '@example.ph', 2, date '${BUSY_DAY}' - 3, '${BUSY_DAY}',
              3 * u.base_rate, 'CheckedIn', 'Unpaid')
      RETURNING booking_id INTO bid;
      INSERT INTO booking_units (booking_id, unit_id, check_in, check_out, booking_status,
                                 assigned_guests)
      VALUES (bid, u.unit_id, date '${BUSY_DAY}' - 3, '${BUSY_DAY}', 'CheckedIn', 2);
      INSERT INTO guests (guest_name, email, phone_number)
      VALUES ('Desk Arrival ' || u.i, 'desk.arrival.' || u.i || '@example.ph', '+639171234567')
      RETURNING guest_id INTO gid;
      INSERT INTO bookings (booking_reference, guest_id, guest_name, email, num_guests, check_in,
                            check_out, total_amount, booking_status, payment_status)
      VALUES ('BK-E' || lpad(u.i::text, 7, '0'), gid, 'Desk Arrival ' || u.i,
              'desk.arrival.' || u.i || '@example.ph', 2, '${BUSY_DAY}', date '${BUSY_DAY}' + 2,
              2 * u.base_rate, 'Confirmed', 'Unpaid')
      RETURNING booking_id INTO bid;
      INSERT INTO booking_units (booking_id, unit_id, check_in, check_out, booking_status,
                                 assigned_guests)
      VALUES (bid, u.unit_id, '${BUSY_DAY}', date '${BUSY_DAY}' + 2, 'Confirmed', 2);
    ELSE
      INSERT INTO bookings (booking_reference, guest_id, guest_name, email, num_guests, check_in,
                            check_out, total_amount, booking_status, payment_status)
      VALUES ('BK-D' || lpad(u.i::text, 7, '0'), gid, 'Desk Guest ' || u.i,
              'desk.guest.' || u.i || '@example.ph', 2, date '${BUSY_DAY}' - 1,
              date '${BUSY_DAY}' + 1, 2 * u.base_rate, 'CheckedIn', 'Unpaid')
      RETURNING booking_id INTO bid;
      INSERT INTO booking_units (booking_id, unit_id, check_in, check_out, booking_status,
                                 assigned_guests)
      VALUES (bid, u.unit_id, date '${BUSY_DAY}' - 1, date '${BUSY_DAY}' + 1, 'CheckedIn', 2);
    END IF;
  END LOOP;

  -- The documents workload issues receipts: the seller's profile must be filled in.
  INSERT INTO settings (key, value) VALUES ('billing', '{
    "registered_name": "Playa Serena Bench Resort Inc.", "business_style": "Playa Serena",
    "address": "Purok 3, Barangay Poblacion, El Nido, Palawan 5313", "tin": "123-456-789-000",
    "vat_registered": true, "mode": "acknowledgement_receipt", "bir_ac_number": "",
    "bir_ac_date": "", "serial_from": 0, "serial_to": 0, "attach_to_emails": false}')
  ON CONFLICT (key) DO UPDATE SET value = excluded.value;
END $$;
`;
