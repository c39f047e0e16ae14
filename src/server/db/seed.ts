import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { ROLES, type Role } from '../../domain/constants';
import { addDays, todayInZone } from '../../domain/dates';
import { DEFAULT_PRICING_SETTINGS, quoteBooking } from '../../domain/pricing';
import type { Auth } from '../auth/auth';
import { createStaffUser } from '../auth/users.service';
import { refreshGuestTotals } from '../guests/guests.repository';
import type { AppTx, Database } from './client';
import {
  appMeta,
  availabilityBlackouts,
  bookings,
  bookingUnits,
  expenses,
  extras,
  guests,
  payments,
  units,
} from './schema';

type NewUnit = typeof units.$inferInsert;

/** The resort's three cabins (SPEC §2: the calendar's structured data names 3 units). */
export const RESORT_CABINS: NewUnit[] = [
  {
    unit_name: 'Sunset Beachfront Cabin',
    unit_code: 'BF1',
    unit_type: 'Deluxe',
    description:
      'Steps from the sand with a veranda facing the sunset over Bacuit Bay. Queen bed and a daybed.',
    base_occupancy: 2,
    max_occupancy: 4,
    base_rate: 4500,
    weekend_rate: 5500,
    extra_person_rate: 750,
    amenities: ['Beachfront veranda', 'Air conditioning', 'Hot shower', 'Wi-Fi', 'Mini fridge'],
  },
  {
    unit_name: 'Bahay Kubo Garden Cabin',
    unit_code: 'GC1',
    unit_type: 'Standard',
    description: 'A native-style bamboo cabin among coconut palms, a short walk to the beach.',
    base_occupancy: 2,
    max_occupancy: 3,
    base_rate: 2500,
    weekend_rate: 2500,
    extra_person_rate: 400,
    amenities: ['Electric fan', 'Garden view', 'Hammock', 'Wi-Fi'],
  },
  {
    unit_name: 'Cove Family Villa',
    unit_code: 'VL1',
    unit_type: 'Villa',
    description:
      'Two bedrooms, a kitchenette and a private deck over the cove for families and groups.',
    base_occupancy: 4,
    max_occupancy: 8,
    base_rate: 8500,
    weekend_rate: 10000,
    extra_person_rate: 900,
    amenities: [
      'Two bedrooms',
      'Kitchenette',
      'Private deck',
      'Air conditioning',
      'Wi-Fi',
      'Sea view',
    ],
  },
];

async function getMeta(database: Database, key: string): Promise<unknown> {
  const rows = await database.db.select().from(appMeta).where(eq(appMeta.key, key));
  return rows[0]?.value;
}

async function setMeta(tx: AppTx | Database['db'], key: string, value: unknown): Promise<void> {
  await tx
    .insert(appMeta)
    .values({ key, value })
    .onConflictDoUpdate({ target: appMeta.key, set: { value, updated_at: new Date() } });
}

/** Adds the resort's cabins whose codes are not taken. Returns how many were added. */
export async function addResortCabins(database: Database): Promise<number> {
  return database.db.transaction(async (tx) => {
    const added = await tx
      .insert(units)
      .values(RESORT_CABINS)
      .onConflictDoNothing({ target: units.unit_code })
      .returning({ unit_id: units.unit_id });
    await setMeta(tx, 'seed.cabins', { at: new Date().toISOString() });
    return added.length;
  });
}

/**
 * Seeds the cabins the first time a database is prepared, and never again: an owner who deletes
 * a seeded cabin does not see it come back on the next start.
 */
export async function seedCabinsOnce(database: Database): Promise<number> {
  if (await getMeta(database, 'seed.cabins')) return 0;
  return addResortCabins(database);
}

/**
 * Issue 17 point 4: the demo catalogue of extras. Prices are VAT-exclusive like the room rates
 * (DESIGN §8).
 */
export const DEMO_EXTRAS: (typeof extras.$inferInsert)[] = [
  {
    name: 'Breakfast',
    price: 350,
    charge_per: 'person_night',
    tax_treatment: 'vatable',
    guest_bookable: true,
  },
  {
    name: 'Boat transfer',
    price: 600,
    charge_per: 'person',
    tax_treatment: 'vatable',
    guest_bookable: true,
  },
  {
    name: 'Island-hopping tour',
    price: 1400,
    charge_per: 'person',
    tax_treatment: 'vatable',
    guest_bookable: true,
  },
  // El Nido's Ecotourism Development Fee is the municipality's, collected by the resort and
  // passed on: not a sale of the resort's, so no VAT or local tax is added (exempt). Staff post
  // it at check-in for every guest (it is not a choice), so guests do not pick it online.
  {
    name: 'Environmental fee',
    price: 200,
    charge_per: 'person',
    tax_treatment: 'exempt',
    guest_bookable: false,
  },
  // Walk-in visitors of a staying guest, for the day: added by the front desk.
  {
    name: 'Day-tour guest',
    price: 500,
    charge_per: 'person',
    tax_treatment: 'vatable',
    guest_bookable: false,
  },
  {
    name: 'Extra bed',
    price: 800,
    charge_per: 'night',
    tax_treatment: 'vatable',
    guest_bookable: true,
  },
];

export type DemoAccount = { role: Role; email: string; password: string };

/**
 * DEMO=1: sample guests, bookings in every state, payments, expenses, a blackout and one account
 * per role with a random password (never a password fixed in the code). Runs once per database.
 * Returns the accounts made, or null when the demo data already exists.
 */
export async function seedDemoOnce(
  database: Database,
  auth: Auth,
  options: { timezone: string; dataDir: string },
): Promise<DemoAccount[] | null> {
  if (await getMeta(database, 'seed.demo')) return null;
  const cabins = await database.db.select().from(units).orderBy(units.unit_code);
  const accounts: DemoAccount[] = [];
  for (const role of ROLES) {
    const email = `${role}@demo.playaserena.ph`;
    const exists = await database.query('SELECT 1 FROM users WHERE lower(email) = $1', [email]);
    if (exists.length > 0) continue;
    const password = randomBytes(12).toString('base64url');
    const name = `Demo ${role[0]!.toUpperCase()}${role.slice(1)}`;
    await createStaffUser(auth, database, { email, password, name, role });
    accounts.push({ role, email, password });
  }
  const today = todayInZone(options.timezone);

  await database.db.transaction(async (tx) => {
    if (cabins.length > 0) await seedDemoRecords(tx, cabins, today);
    await tx.insert(extras).values(DEMO_EXTRAS).onConflictDoNothing();
    await setMeta(tx, 'seed.demo', { at: new Date().toISOString() });
  });

  if (accounts.length > 0) {
    const lines = [
      '# Demo accounts, made once when the demo data was seeded. Change or remove them before real use.',
      ...accounts.map((a) => `${a.role.padEnd(8)} ${a.email}  ${a.password}`),
      '',
    ];
    writeFileSync(path.join(options.dataDir, 'demo-accounts.txt'), lines.join('\n'), {
      mode: 0o600,
    });
  }
  return accounts;
}

type UnitRow = typeof units.$inferSelect;

async function seedDemoRecords(tx: AppTx, cabins: UnitRow[], today: string): Promise<void> {
  const people = [
    { guest_name: 'Maria Santos', email: 'maria.santos@example.ph', phone_number: '+639171234567' },
    { guest_name: 'Jose Reyes', email: 'jose.reyes@example.ph', phone_number: '+639181112233' },
    {
      guest_name: 'Ana Dela Cruz',
      email: 'ana.delacruz@example.ph',
      phone_number: '+639205556677',
    },
    {
      guest_name: "Liam O'Connor",
      email: 'liam.oconnor@example.com',
      phone_number: '+639271239876',
    },
    { guest_name: 'Chen Wei', email: 'chen.wei@example.com', phone_number: '+639391230000' },
  ];
  const guestRows = await tx.insert(guests).values(people).returning();

  type Plan = {
    guest: number;
    unit: number;
    from: number;
    nights: number;
    guestsCount: number;
    status: 'Pending' | 'Confirmed' | 'CheckedIn' | 'CheckedOut' | 'Cancelled';
    payment: 'verified' | 'pending' | 'none';
    method: 'GCash' | 'Maya' | 'BankTransfer' | 'Cash';
  };
  const plans: Plan[] = [
    {
      guest: 0,
      unit: 0,
      from: -12,
      nights: 3,
      guestsCount: 2,
      status: 'CheckedOut',
      payment: 'verified',
      method: 'GCash',
    },
    {
      guest: 1,
      unit: 2,
      from: -1,
      nights: 4,
      guestsCount: 6,
      status: 'CheckedIn',
      payment: 'verified',
      method: 'BankTransfer',
    },
    {
      guest: 2,
      unit: 1,
      from: 0,
      nights: 2,
      guestsCount: 2,
      status: 'Confirmed',
      payment: 'verified',
      method: 'Maya',
    },
    {
      guest: 3,
      unit: 0,
      from: 6,
      nights: 3,
      guestsCount: 3,
      status: 'Confirmed',
      payment: 'verified',
      method: 'GCash',
    },
    {
      guest: 4,
      unit: 1,
      from: 12,
      nights: 2,
      guestsCount: 2,
      status: 'Pending',
      payment: 'pending',
      method: 'GCash',
    },
    {
      guest: 0,
      unit: 2,
      from: 20,
      nights: 3,
      guestsCount: 5,
      status: 'Cancelled',
      payment: 'none',
      method: 'Cash',
    },
  ];

  const guestIds = new Set<string>();
  for (const plan of plans) {
    const unit = cabins[plan.unit % cabins.length]!;
    const guest = guestRows[plan.guest]!;
    const checkIn = addDays(today, plan.from);
    const checkOut = addDays(checkIn, plan.nights);
    // Priced as on the day it was booked, two weeks before arrival.
    const quote = quoteBooking({
      units: [{ unit, num_guests: Math.min(plan.guestsCount, unit.max_occupancy) }],
      check_in: checkIn,
      check_out: checkOut,
      today: addDays(checkIn, -14),
      settings: DEFAULT_PRICING_SETTINGS,
    });
    const line = quote.units[0]!;
    const paymentStatus =
      plan.payment === 'verified'
        ? 'Paid'
        : plan.payment === 'pending'
          ? 'Pending verification'
          : 'Unpaid';
    const [booking] = await tx
      .insert(bookings)
      .values({
        booking_reference: sql`generate_booking_reference()`,
        guest_id: guest.guest_id,
        guest_name: guest.guest_name,
        contact_number: guest.phone_number,
        email: guest.email,
        num_guests: Math.min(plan.guestsCount, unit.max_occupancy),
        check_in: checkIn,
        check_out: checkOut,
        base_amount: quote.base_amount,
        total_surcharges: quote.total_surcharges,
        discount_name: quote.discount?.name ?? null,
        discount_amount: quote.discount_amount,
        vat_amount: quote.vat,
        local_tax_amount: quote.local_tax,
        total_amount: quote.total_amount,
        booking_status: plan.status,
        payment_status: paymentStatus,
        payment_method: plan.method,
        created_via: plan.payment === 'pending' ? 'guest' : 'staff',
        source: plan.payment === 'pending' ? 'website' : 'phone',
        special_requests: plan.guest === 3 ? 'Late arrival, around 9 PM.' : null,
        cancellation_reason: plan.status === 'Cancelled' ? 'Change of travel plans' : null,
        cancelled_at: plan.status === 'Cancelled' ? new Date() : null,
        confirmed_at: ['Confirmed', 'CheckedIn', 'CheckedOut'].includes(plan.status)
          ? new Date()
          : null,
      })
      .returning();
    await tx.insert(bookingUnits).values({
      booking_id: booking!.booking_id,
      unit_id: unit.unit_id,
      check_in: checkIn,
      check_out: checkOut,
      booking_status: plan.status,
      unit_price: line.base_total,
      weekend_surcharge: line.weekend_surcharge,
      extra_person_charge: line.extra_person_fee,
      subtotal: line.unit_total,
      assigned_guests: Math.min(plan.guestsCount, unit.max_occupancy),
    });
    if (plan.payment !== 'none') {
      await tx.insert(payments).values({
        booking_id: booking!.booking_id,
        payment_amount: quote.total_amount,
        payment_method: plan.method,
        payment_status: plan.payment === 'verified' ? 'Completed' : 'Pending',
        transaction_reference: `DEMO-${booking!.booking_reference}`,
        notes: plan.payment === 'pending' ? 'Proof uploaded by the guest' : 'Full payment',
        verified_at: plan.payment === 'verified' ? new Date() : null,
      });
    }
    guestIds.add(guest.guest_id);
  }
  // The one rule every booking path uses (issue 15: totals agree with the bookings counted).
  for (const guestId of guestIds) await refreshGuestTotals(tx, guestId);

  const villa = cabins[2 % cabins.length]!;
  await tx.insert(availabilityBlackouts).values({
    unit_id: villa.unit_id,
    start_date: addDays(today, 30),
    end_date: addDays(today, 32),
    reason: 'Roof repair before the rainy season',
  });

  await tx.insert(expenses).values([
    {
      expense_date: addDays(today, -20),
      category: 'Utilities',
      amount: 18450,
      description: 'Electricity bill (PALECO)',
      vendor: 'PALECO',
    },
    {
      expense_date: addDays(today, -15),
      category: 'Supplies',
      amount: 6230.5,
      description: 'Toiletries and linens restock',
      vendor: 'El Nido Trading',
    },
    {
      expense_date: addDays(today, -8),
      category: 'Maintenance',
      amount: 4500,
      description: 'Aircon cleaning, Sunset Beachfront Cabin',
      vendor: 'CoolAir Services',
      unit_id: cabins[0]!.unit_id,
    },
    {
      expense_date: addDays(today, -3),
      category: 'Food and Beverage',
      amount: 9800,
      description: 'Breakfast supplies for the week',
      vendor: 'Public market',
    },
  ]);
}
