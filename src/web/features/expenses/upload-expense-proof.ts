import { apiPost } from '../../lib/api';
import { uploadPaymentProof } from '../guest-booking/guest-booking-api';
import type { ExpenseDto as Expense } from '../../../domain/schemas/expense.schema';
import type { SignedUpload } from '../../../domain/schemas/common.schema';

/** SPEC §8's wording for a proof that did not reach storage. */
export const proofUploadFailed = (message: string) => `Failed to upload payment proof: ${message}`;

/**
 * The expense's proof through a signed upload (DESIGN §2): ask for the upload, PUT the bytes to
 * /api/storage/upload/expense-proofs/..., then attach the stored file to the expense.
 */
export async function uploadExpenseProof(expenseId: string, file: File): Promise<Expense> {
  const id = encodeURIComponent(expenseId);
  try {
    const { upload } = await apiPost<{ upload: SignedUpload }>(`/api/expenses/${id}/proof-upload`, {
      file_name: file.name,
      file_type: file.type,
      file_size: file.size,
    });
    await uploadPaymentProof(upload, file);
    return (await apiPost<{ data: Expense }>(`/api/expenses/${id}/proof`, { path: upload.path }))
      .data;
  } catch (error) {
    throw new Error(
      proofUploadFailed(error instanceof Error ? error.message : 'Please try again.'),
      {
        cause: error,
      },
    );
  }
}
