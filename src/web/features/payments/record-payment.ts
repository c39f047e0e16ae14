import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProofFile, RecordPayment } from '../../../domain/schemas/record-payment.schema';
import { apiPost } from '../../lib/api';
import { invalidateBookingData } from '../bookings/invalidate-bookings';
import { proofUploadFailed, uploadToSignedUrl } from '../../lib/signed-upload';
import type {
  PaymentDetailDto as PaymentDetail,
  PaymentRecorded,
} from '../../../domain/schemas/payment-detail.schema';
import type { SignedUpload } from '../../../domain/schemas/common.schema';

export class ProofUploadError extends Error {
  constructor(
    message: string,
    /** The payment, recorded without its proof: a retry uploads to it again. */
    readonly payment: PaymentDetail,
  ) {
    super(message);
    this.name = 'ProofUploadError';
  }
}

/** POST /api/payments: the payment (Pending) and a signed upload for its proof. */
export function createPayment(body: RecordPayment) {
  return apiPost<PaymentRecorded>('/api/payments', body);
}

/** POST /api/payments/:id/proof-upload: a new signed upload for a payment without its proof. */
export async function requestProofUpload(paymentId: string, file: ProofFile) {
  const body = await apiPost<{ upload: SignedUpload }>(
    `/api/payments/${encodeURIComponent(paymentId)}/proof-upload`,
    file,
  );
  return body.upload;
}

/** POST /api/payments/:id/proof: links the uploaded file to the payment. */
export async function attachProof(paymentId: string, path: string): Promise<PaymentDetail> {
  const body = await apiPost<{ data: PaymentDetail }>(
    `/api/payments/${encodeURIComponent(paymentId)}/proof`,
    { path },
  );
  return body.data;
}

/** Uploads the proof to its signed location (DESIGN §5) and attaches it. */
export async function uploadAndAttach(
  payment: PaymentDetail,
  upload: SignedUpload,
  file: File,
): Promise<PaymentDetail> {
  try {
    await uploadToSignedUrl(upload, file);
    return await attachProof(payment.payment_id, upload.path);
  } catch (error) {
    const message = error instanceof Error ? error.message : 'Please try again.';
    throw new ProofUploadError(proofUploadFailed(message), payment);
  }
}

/** SPEC §5 "Record New Payment": record, upload the proof, attach it. */
export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, file }: { values: RecordPayment; file: File }) => {
      const { data, upload } = await createPayment(values);
      return uploadAndAttach(data, upload, file);
    },
    meta: { suppressErrorToast: true },
    onSettled: () => invalidateBookingData(queryClient),
  });
}

/** The retry after a failed upload: a new signed location, then upload and attach. */
export function useRetryProofUpload() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ payment, file }: { payment: PaymentDetail; file: File }) => {
      const upload = await requestProofUpload(payment.payment_id, {
        file_name: file.name,
        file_type: file.type as ProofFile['file_type'],
        file_size: file.size,
      });
      return uploadAndAttach(payment, upload, file);
    },
    meta: { suppressErrorToast: true },
    onSettled: () => invalidateBookingData(queryClient),
  });
}
