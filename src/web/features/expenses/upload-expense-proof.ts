import { apiPost } from '../../lib/api';
import { proofUploadFailed, uploadToSignedUrl } from '../../lib/signed-upload';
import type { ExpenseDto as Expense } from '../../../domain/schemas/expense.schema';
import type { SignedUpload } from '../../../domain/schemas/common.schema';

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
    await uploadToSignedUrl(upload, file);
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
