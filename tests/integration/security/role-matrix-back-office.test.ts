import { describe } from 'vitest';
import { itCallsEveryRole } from '../../support/role-matrix';
import { backOfficeRoutes } from './role-matrix/back-office';
import { matrixRecords } from './role-matrix/records';

/**
 * Issue 16's role matrix, second part: the back office (cabins and photos, blackouts and
 * availability, expenses, live updates, the dashboard, bookings, payments, guests), each route
 * called by anonymous, staff, manager, owner and admin with real ids and a valid body, each
 * answer exact (tests/support/role-matrix.ts). role-matrix-accounts.test.ts holds the rest and
 * checks that the two parts list every route of the app.
 */

const w = matrixRecords();

describe(`role matrix: back office (${process.env.TEST_DB})`, () => {
  itCallsEveryRole(backOfficeRoutes(w), () => ({ t: w.t, sessions: w.sessions }));
});
