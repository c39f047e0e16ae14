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
