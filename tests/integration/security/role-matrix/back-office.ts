import { randomUUID } from 'node:crypto';
import { createGuest } from '../../../support/factories';
import { getRoute, type MatrixRoute } from '../../../support/role-matrix';
import { channelRoutes } from './channels';
import { EXPENSE_BODY, PROOF_FILE, STAY, type MatrixRecords } from './records';
import { extrasAndPaymentSettingsRoutes } from './extras-and-payment-settings';
import { frontDeskRoutes } from './front-desk';
import { promotionRoutes } from './promotions';
import { housekeepingRoutes } from './housekeeping';
import { reportRoutes } from './reports';
import { documentRoutes } from './documents';
import { messageRoutes } from './messages';

/**
 * The role matrix's back-office routes: cabins and their photos, blackouts and availability,
 * expenses, live updates and the dashboard, bookings, payments, guests and guest messages.
 */

const unitBody = () => ({
  unit_name: 'Matrix Cabin',
  unit_code: `M${randomUUID().replace(/-/g, '').slice(0, 9).toUpperCase()}`,
  unit_type: 'Standard',
  base_occupancy: 2,
  max_occupancy: 4,
  base_rate: 3000,
  weekend_rate: 3500,
  extra_person_rate: 500,
});

function unitRoutes(w: MatrixRecords): MatrixRoute[] {
  return [
    getRoute('/api/units', 'staff'),
    getRoute('/api/units/:id', 'staff', () => `/api/units/${w.shared.unitId}`),
    {
      method: 'POST',
      url: '/api/units',
      access: 'manager',
      status: 201,
      request: () => ({ url: '/api/units', payload: unitBody() }),
    },
    {
      method: 'PATCH',
      url: '/api/units/:id',
      access: 'manager',
      status: 200,
      request: () => ({
        url: `/api/units/${w.shared.unitId}`,
        payload: { description: 'A quiet cabin by the pond' },
      }),
    },
    {
      method: 'DELETE',
      url: '/api/units/:id',
      access: 'owner',
      status: 204,
      request: async () => ({ url: `/api/units/${await w.unitId()}` }),
    },
    {
      method: 'POST',
      url: '/api/units/bulk-status',
      access: 'manager',
      status: 200,
      request: async () => ({
        url: '/api/units/bulk-status',
        payload: { unit_ids: [await w.unitId()], unit_status: 'Maintenance' },
      }),
    },
    getRoute(
      '/api/units/upcoming-bookings',
      'staff',
      () => `/api/units/upcoming-bookings?unit_ids=${w.shared.unitId}`,
    ),
    // Cabin photos (issue 15).
    {
      method: 'POST',
      url: '/api/units/:id/photos',
      access: 'manager',
      status: 201,
      request: async () => ({
        url: `/api/units/${await w.unitId()}/photos`,
        headers: { 'content-type': 'image/png' },
        payload: w.png,
      }),
    },
    {
      method: 'PATCH',
      url: '/api/units/:id/photos/order',
      access: 'manager',
      status: 200,
      request: async () => {
        const unitId = await w.unitId();
        const first = await w.addPhoto(unitId);
        const second = await w.addPhoto(unitId);
        return {
          url: `/api/units/${unitId}/photos/order`,
          payload: { photo_ids: [second.photo_id, first.photo_id] },
        };
      },
    },
    {
      method: 'PATCH',
      url: '/api/units/:id/photos/:photo_id',
      access: 'manager',
      status: 200,
      request: () => ({
        url: `/api/units/${w.shared.photo.unitId}/photos/${w.shared.photo.photoId}`,
        payload: { alt_text: 'The porch at sunset' },
      }),
    },
    {
      method: 'DELETE',
      url: '/api/units/:id/photos/:photo_id',
      access: 'manager',
      status: 200,
      request: async () => {
        const photo = await w.photo();
        return { url: `/api/units/${photo.unitId}/photos/${photo.photoId}` };
      },
    },
    // Blackouts and the availability views.
    getRoute('/api/blackouts', 'staff'),
    getRoute('/api/blackouts/:id', 'staff', () => `/api/blackouts/${w.shared.blackoutId}`),
    {
      method: 'POST',
      url: '/api/blackouts',
      access: 'manager',
      status: 201,
      request: async () => ({
        url: '/api/blackouts',
        payload: {
          unit_id: await w.unitId(),
          start_date: '2027-08-01',
          end_date: '2027-08-03',
          reason: 'Roof repair',
        },
      }),
    },
    {
      method: 'PATCH',
      url: '/api/blackouts/:id',
      access: 'manager',
      status: 200,
      request: () => ({
        url: `/api/blackouts/${w.shared.blackoutId}`,
        payload: { reason: 'Roof repair and painting' },
      }),
    },
    {
      method: 'DELETE',
      url: '/api/blackouts/:id',
      access: 'manager',
      status: 204,
      request: async () => ({ url: `/api/blackouts/${await w.blackout()}` }),
    },
    getRoute(
      '/api/availability/calendar',
      'staff',
      '/api/availability/calendar?from=2027-07-01&to=2027-07-31',
    ),
    getRoute(
      '/api/availability/overview',
      'staff',
      `/api/availability/overview?date=${STAY.check_in}`,
    ),
    getRoute(
      '/api/availability/multi-unit',
      'staff',
      () =>
        `/api/availability/multi-unit?unit_ids=${w.shared.unitId}&check_in=${STAY.check_in}&check_out=${STAY.check_out}`,
    ),
  ];
}

function expenseRoutes(w: MatrixRecords): MatrixRoute[] {
  return [
    getRoute('/api/expenses', 'staff'),
    getRoute('/api/expenses/summary', 'staff'),
    getRoute('/api/expenses/:id', 'staff', () => `/api/expenses/${w.shared.expenseId}`),
    {
      method: 'POST',
      url: '/api/expenses',
      access: 'staff',
      status: 201,
      request: () => ({ url: '/api/expenses', payload: EXPENSE_BODY }),
    },
    // Editing is for the expense's creator or a manager and above (checked per record): each
    // caller edits an expense it recorded itself.
    {
      method: 'PATCH',
      url: '/api/expenses/:id',
      access: 'staff',
      status: 200,
      request: async (caller) => ({
        url: `/api/expenses/${await w.expense(w.actingAs(caller))}`,
        payload: { vendor: 'PALECO' },
      }),
    },
    {
      method: 'DELETE',
      url: '/api/expenses/:id',
      access: 'owner',
      status: 204,
      request: async () => ({ url: `/api/expenses/${await w.expense(w.clerk)}` }),
    },
    {
      method: 'POST',
      url: '/api/expenses/:id/proof-upload',
      access: 'staff',
      status: 200,
      request: async (caller) => ({
        url: `/api/expenses/${await w.expense(w.actingAs(caller))}/proof-upload`,
        payload: PROOF_FILE,
      }),
    },
    {
      method: 'POST',
      url: '/api/expenses/:id/proof',
      access: 'staff',
      status: 200,
      request: async (caller) => {
        const expenseId = await w.expense(w.actingAs(caller));
        const signed = await w.expenseProofUpload(w.actingAs(caller), expenseId);
        await w.upload(signed);
        return { url: `/api/expenses/${expenseId}/proof`, payload: { path: signed.path } };
      },
    },
    getRoute(
      '/api/expenses/:id/proof',
      'staff',
      () => `/api/expenses/${w.shared.expenseWithProofId}/proof`,
    ),
    // Live updates (Server-Sent Events) and the dashboard.
    { ...getRoute('/api/events', 'staff'), stream: true },
    getRoute('/api/dashboard', 'staff'),
  ];
}

function bookingRoutes(w: MatrixRecords): MatrixRoute[] {
  return [
    getRoute('/api/bookings', 'staff'),
    {
      method: 'POST',
      url: '/api/bookings',
      access: 'staff',
      status: 201,
      request: async () => ({
        url: '/api/bookings',
        payload: {
          unit_id: await w.unitId(),
          guest_name: 'Juan Dela Cruz',
          contact_number: '0917 123 4567',
          email: 'juan.delacruz@example.ph',
          num_guests: 2,
          ...STAY,
        },
      }),
    },
    {
      method: 'POST',
      url: '/api/bookings/multi-unit',
      access: 'staff',
      status: 201,
      request: async () => ({
        url: '/api/bookings/multi-unit',
        headers: { 'idempotency-key': randomUUID() },
        payload: {
          primary_guest: {
            guest_name: 'Maria Santos',
            email: 'maria.santos@example.ph',
            contact_number: '0917 123 4567',
          },
          ...STAY,
          units: [
            { unit_id: await w.unitId(), num_guests: 2 },
            { unit_id: await w.unitId(), num_guests: 2 },
          ],
        },
      }),
    },
    getRoute('/api/bookings/:id', 'staff', () => `/api/bookings/${w.shared.bookingId}`),
    {
      method: 'PATCH',
      url: '/api/bookings/:id',
      access: 'manager',
      status: 200,
      request: () => ({
        url: `/api/bookings/${w.shared.bookingId}`,
        payload: { internal_notes: 'Arrives by the afternoon boat' },
      }),
    },
    {
      method: 'POST',
      url: '/api/bookings/:id/status',
      access: 'staff',
      status: 200,
      // Staff confirm a booking once a payment of it is verified (issue 15).
      request: async () => {
        const payment = await w.payment('Completed');
        return {
          url: `/api/bookings/${payment.booking_id}/status`,
          payload: { status: 'Confirmed' },
        };
      },
    },
    getRoute(
      '/api/bookings/:id/refund-preview',
      'staff',
      () => `/api/bookings/${w.shared.bookingId}/refund-preview`,
    ),
    {
      method: 'POST',
      url: '/api/bookings/:id/cancel',
      access: 'manager',
      status: 200,
      request: async () => ({
        url: `/api/bookings/${(await w.booking()).booking_id}/cancel`,
        payload: { reason: 'Typhoon warning' },
      }),
    },
    // Issue 17: the folio, its reversals and the senior citizen/PWD discount.
    getRoute('/api/bookings/:id/folio', 'staff', () => `/api/bookings/${w.shared.bookingId}/folio`),
    {
      method: 'POST',
      url: '/api/bookings/:id/folio/:entryId/reverse',
      access: 'manager',
      status: 201,
      request: async () => {
        const { bookingId, entryId } = await w.folioEntry();
        return {
          url: `/api/bookings/${bookingId}/folio/${entryId}/reverse`,
          payload: { reason: 'Charged twice' },
        };
      },
    },
    {
      method: 'POST',
      url: '/api/bookings/:id/senior-pwd',
      access: 'manager',
      status: 200,
      request: async () => ({
        url: `/api/bookings/${(await w.booking()).booking_id}/senior-pwd`,
        payload: { eligible_guests: 1, id_numbers: ['SC-2027-001'] },
      }),
    },
    {
      method: 'DELETE',
      url: '/api/bookings/:id',
      access: 'owner',
      status: 204,
      request: async () => ({ url: `/api/bookings/${(await w.booking()).booking_id}` }),
    },
    // Staff get an empty list below manager (SPEC §6); the route is open to all staff.
    getRoute('/api/bookings/:id/audit', 'staff', () => `/api/bookings/${w.shared.bookingId}/audit`),
  ];
}

function paymentRoutes(w: MatrixRecords): MatrixRoute[] {
  return [
    getRoute('/api/payments', 'staff'),
    {
      method: 'POST',
      url: '/api/payments',
      access: 'staff',
      status: 201,
      request: async () => ({
        url: '/api/payments',
        payload: {
          booking_id: (await w.booking()).booking_id,
          payment_amount: 2000,
          payment_method: 'GCash',
          ...PROOF_FILE,
        },
      }),
    },
    getRoute('/api/payments/:id', 'staff', () => `/api/payments/${w.shared.pendingPaymentId}`),
    {
      method: 'PATCH',
      url: '/api/payments/:id',
      access: 'manager',
      status: 200,
      request: async () => ({
        url: `/api/payments/${(await w.payment('Pending')).payment_id}`,
        payload: { notes: 'Reference checked by phone' },
      }),
    },
    {
      method: 'POST',
      url: '/api/payments/:id/proof-upload',
      access: 'staff',
      status: 200,
      request: () => ({
        url: `/api/payments/${w.shared.pendingPaymentId}/proof-upload`,
        payload: PROOF_FILE,
      }),
    },
    {
      method: 'POST',
      url: '/api/payments/:id/proof',
      access: 'staff',
      status: 200,
      request: async () => {
        const payment = await w.uploadedPayment();
        return { url: `/api/payments/${payment.paymentId}/proof`, payload: { path: payment.path } };
      },
    },
    getRoute(
      '/api/payments/:id/proof',
      'staff',
      () => `/api/payments/${w.shared.paymentWithProofId}/proof`,
    ),
    {
      method: 'POST',
      url: '/api/payments/:id/verify',
      access: 'manager',
      status: 200,
      request: async () => ({
        url: `/api/payments/${(await w.payment('Pending')).payment_id}/verify`,
        payload: {},
      }),
    },
    {
      method: 'POST',
      url: '/api/payments/:id/refund',
      access: 'manager',
      status: 201,
      request: async () => ({
        url: `/api/payments/${(await w.payment('Completed')).payment_id}/refund`,
        payload: { amount: 1000, reason: 'Goodwill' },
      }),
    },
  ];
}

function guestRoutes(w: MatrixRecords): MatrixRoute[] {
  return [
    getRoute('/api/guests', 'staff'),
    getRoute('/api/guests/:id', 'staff', () => `/api/guests/${w.shared.guestId}`),
    {
      method: 'PATCH',
      url: '/api/guests/:id',
      access: 'manager',
      status: 200,
      request: () => ({
        url: `/api/guests/${w.shared.guestId}`,
        payload: { notes: 'Prefers a quiet cabin' },
      }),
    },
    getRoute('/api/guests/:id/export', 'manager', () => `/api/guests/${w.shared.guestId}/export`),
    {
      method: 'POST',
      url: '/api/guests/:id/anonymize',
      access: 'owner',
      status: 200,
      request: async () => {
        const guest = await createGuest(w.t.database);
        return {
          url: `/api/guests/${guest.guest_id}/anonymize`,
          payload: { confirm_name: guest.guest_name },
        };
      },
    },
  ];
}

/** Every back-office route of the matrix. */
export function backOfficeRoutes(w: MatrixRecords): MatrixRoute[] {
  return [
    ...unitRoutes(w),
    ...expenseRoutes(w),
    ...bookingRoutes(w),
    ...paymentRoutes(w),
    ...guestRoutes(w),
    ...channelRoutes(w),
    ...extrasAndPaymentSettingsRoutes(w),
    ...messageRoutes(w),
    ...documentRoutes(w),
    ...promotionRoutes(w),
    ...housekeepingRoutes(w),
    ...frontDeskRoutes(w),
    ...reportRoutes(),
  ];
}
