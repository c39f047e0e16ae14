import { getRoute, type MatrixRoute } from '../../../support/role-matrix';

/** Issue 23's role matrix entries: the owner's reports and their CSV files, managers and up. */

const RANGE = 'from=2027-06-01&to=2027-07-01';

export function reportRoutes(): MatrixRoute[] {
  return [
    getRoute('/api/reports/summary', 'manager', `/api/reports/summary?${RANGE}`),
    getRoute('/api/reports/activity', 'manager', `/api/reports/activity?${RANGE}`),
    getRoute('/api/reports/balances', 'manager'),
    getRoute('/api/reports/export', 'manager', `/api/reports/export?${RANGE}&table=by_month`),
  ];
}
