import { afterAll, beforeAll, describe, it } from 'vitest';
import {
  MatrixSessions,
  expectMatrixCoversRouteTable,
  itCallsEveryRole,
} from '../../support/role-matrix';
import { createTestApp, type TestApp } from '../../support/test-app';
import { ALTCHA_ROUTES, accountAndPublicRoutes } from './role-matrix/accounts';
import { backOfficeRoutes } from './role-matrix/back-office';
import { matrixRecords } from './role-matrix/records';

/**
 * Issue 16's role matrix, first part: sign-in and account security, the profile, users,
 * settings, the audit trail and the public routes, each called by anonymous, staff, manager,
 * owner and admin with real ids and a valid body, each answer exact (tests/support/role-matrix.ts).
 * The back office is role-matrix-back-office.test.ts.
 *
 * This file also holds the matrix to the route table: a route the app registers that neither
 * part lists fails here, so a new endpoint joins the matrix when it is added (DESIGN §5 "Who may
 * do what").
 */

const w = matrixRecords();
const context = () => ({ t: w.t, sessions: w.sessions });

describe(`role matrix: accounts, administration and public routes (${process.env.TEST_DB})`, () => {
  it('lists every registered route, once, and only those', () => {
    expectMatrixCoversRouteTable(w.t, [
      ...accountAndPublicRoutes(w),
      ...ALTCHA_ROUTES,
      ...backOfficeRoutes(w),
    ]);
  });

  itCallsEveryRole(accountAndPublicRoutes(w), context);

  describe('with ALTCHA as the bot challenge', () => {
    let altcha: TestApp;
    let sessions: MatrixSessions;
    beforeAll(async () => {
      altcha = await createTestApp({ env: { CAPTCHA_PROVIDER: 'altcha' } });
      sessions = await MatrixSessions.create(altcha);
    });
    afterAll(() => altcha.close());

    itCallsEveryRole(ALTCHA_ROUTES, () => ({ t: altcha, sessions }));
  });
});
