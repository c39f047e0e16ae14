import { getRoute, type MatrixRoute } from '../../../support/role-matrix';
import { PROOF_FILE, type MatrixRecords } from './records';

/**
 * Issue 22's role matrix entries: the housekeeping board and a cabin's housekeeping status
 * (housekeeping and up; the service decides who sets which status), and the maintenance log
 * (every member of staff; housekeeping refused).
 */

type Json = Record<string, unknown>;

/** A new maintenance issue of a new cabin, made by the matrix's administrator; its id. */
async function newIssue(w: MatrixRecords, body: Json = { title: 'Matrix leak', cost: 800 }) {
  const unitId = await w.unitId();
  const answer = await w.call(w.clerk, 'POST', `/api/units/${unitId}/maintenance`, body, 201);
  return (answer.data as Json).issue_id as string;
}

/** A new issue with one photo attached; its photo's address. */
async function issuePhoto(w: MatrixRecords): Promise<string> {
  const issueId = await newIssue(w);
  const signed = await w.call(
    w.clerk,
    'POST',
    `/api/maintenance/${issueId}/photo-upload`,
    PROOF_FILE,
    200,
  );
  const upload = signed.upload as {
    bucket: string;
    path: string;
    token: string;
    expires_at: string;
  };
  await w.upload(upload);
  const attached = await w.call(
    w.clerk,
    'POST',
    `/api/maintenance/${issueId}/photos`,
    { path: upload.path },
    200,
  );
  return ((attached.data as Json).photos as { url: string }[])[0]!.url;
}

export function housekeepingRoutes(w: MatrixRecords): MatrixRoute[] {
  return [
    getRoute('/api/housekeeping', 'housekeeping'),
    {
      method: 'PATCH',
      url: '/api/units/:id/housekeeping',
      access: 'housekeeping',
      status: 200,
      request: async () => ({
        url: `/api/units/${await w.unitId()}/housekeeping`,
        payload: { status: 'Dirty' },
      }),
    },
    getRoute(
      '/api/units/:id/maintenance',
      'staff',
      () => `/api/units/${w.shared.unitId}/maintenance`,
    ),
    {
      method: 'POST',
      url: '/api/units/:id/maintenance',
      access: 'staff',
      status: 201,
      request: async () => ({
        url: `/api/units/${await w.unitId()}/maintenance`,
        payload: { title: 'Matrix broken fan', priority: 'high' },
      }),
    },
    {
      ...getRoute('/api/maintenance/:id', 'staff'),
      request: async () => ({ url: `/api/maintenance/${await newIssue(w)}` }),
    },
    {
      method: 'PATCH',
      url: '/api/maintenance/:id',
      access: 'staff',
      status: 200,
      request: async () => ({
        url: `/api/maintenance/${await newIssue(w)}`,
        payload: { status: 'in_progress' },
      }),
    },
    {
      method: 'POST',
      url: '/api/maintenance/:id/expense',
      access: 'staff',
      status: 201,
      // Each caller records the cost of an issue of its own (a second time would be a 409).
      request: async () => ({ url: `/api/maintenance/${await newIssue(w)}/expense` }),
    },
    {
      method: 'POST',
      url: '/api/maintenance/:id/photo-upload',
      access: 'staff',
      status: 200,
      request: async () => ({
        url: `/api/maintenance/${await newIssue(w)}/photo-upload`,
        payload: PROOF_FILE,
      }),
    },
    {
      method: 'POST',
      url: '/api/maintenance/:id/photos',
      access: 'staff',
      status: 200,
      request: async () => {
        const issueId = await newIssue(w);
        const signed = await w.call(
          w.clerk,
          'POST',
          `/api/maintenance/${issueId}/photo-upload`,
          PROOF_FILE,
          200,
        );
        const upload = signed.upload as {
          bucket: string;
          path: string;
          token: string;
          expires_at: string;
        };
        await w.upload(upload);
        return { url: `/api/maintenance/${issueId}/photos`, payload: { path: upload.path } };
      },
    },
    {
      ...getRoute('/api/maintenance/:id/photos/:photo_id', 'staff'),
      request: async () => ({ url: await issuePhoto(w) }),
    },
    {
      method: 'DELETE',
      url: '/api/maintenance/:id/photos/:photo_id',
      access: 'staff',
      status: 204,
      request: async () => ({ url: await issuePhoto(w) }),
    },
  ];
}
