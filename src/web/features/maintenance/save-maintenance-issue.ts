import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  MaintenanceIssue,
  MaintenanceIssueDto,
  MaintenanceIssueUpdate,
} from '../../../domain/schemas/maintenance.schema';
import type { SignedUpload } from '../../../domain/schemas/common.schema';
import { apiPatch, apiPost } from '../../lib/api';
import { uploadToSignedUrl } from '../../lib/signed-upload';
import { invalidateUnitViews } from '../units/invalidate-unit-views';

/** The issue was saved but its photo did not upload. */
export class MaintenancePhotoError extends Error {
  constructor(
    message: string,
    readonly issue: MaintenanceIssueDto,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'MaintenancePhotoError';
  }
}

/**
 * A photo of the issue through a signed upload, with the receipts' rules (DESIGN §2): ask for the
 * upload, PUT the bytes, then attach the stored file to the issue.
 */
export async function uploadMaintenancePhoto(
  issueId: string,
  file: File,
): Promise<MaintenanceIssueDto> {
  const id = encodeURIComponent(issueId);
  try {
    const { upload } = await apiPost<{ upload: SignedUpload }>(
      `/api/maintenance/${id}/photo-upload`,
      { file_name: file.name, file_type: file.type, file_size: file.size },
    );
    await uploadToSignedUrl(upload, file);
    return (
      await apiPost<{ data: MaintenanceIssueDto }>(`/api/maintenance/${id}/photos`, {
        path: upload.path,
      })
    ).data;
  } catch (error) {
    const reason = error instanceof Error ? error.message : 'Please try again.';
    throw new Error(`Failed to upload the photo: ${reason}`, { cause: error });
  }
}

export type SaveMaintenanceIssueInput =
  | { unitId: string; issueId?: undefined; values: MaintenanceIssue; photo: File | null }
  | { unitId: string; issueId: string; values: MaintenanceIssueUpdate; photo: File | null };

/**
 * POST /api/units/:id/maintenance (a new issue) or PATCH /api/maintenance/:id, then the photo
 * when one was chosen. Scheduled dates block the cabin's nights: the server refuses (409) over
 * bookings, naming them.
 */
export async function saveMaintenanceIssue(
  input: SaveMaintenanceIssueInput,
): Promise<MaintenanceIssueDto> {
  const issue =
    input.issueId === undefined
      ? (
          await apiPost<{ data: MaintenanceIssueDto }>(
            `/api/units/${encodeURIComponent(input.unitId)}/maintenance`,
            input.values,
          )
        ).data
      : (
          await apiPatch<{ data: MaintenanceIssueDto }>(
            `/api/maintenance/${encodeURIComponent(input.issueId)}`,
            input.values,
          )
        ).data;
  if (!input.photo) return issue;
  try {
    return await uploadMaintenancePhoto(issue.issue_id, input.photo);
  } catch (error) {
    throw new MaintenancePhotoError((error as Error).message, issue, { cause: error });
  }
}

/** The log and the cabin's views (a scheduled block shows on the tape chart) are read again. */
export function useSaveMaintenanceIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMaintenanceIssue,
    meta: { suppressErrorToast: true },
    onSettled: () => invalidateUnitViews(queryClient),
  });
}

/** A status change (open → in progress → done) alone. */
export function useChangeMaintenanceStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { issueId: string; status: MaintenanceIssueDto['status'] }) =>
      apiPatch<{ data: MaintenanceIssueDto }>(
        `/api/maintenance/${encodeURIComponent(input.issueId)}`,
        { status: input.status },
      ),
    meta: { suppressErrorToast: true },
    onSettled: () => invalidateUnitViews(queryClient),
  });
}
