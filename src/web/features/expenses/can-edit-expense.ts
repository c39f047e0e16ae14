import { hasRoleAtLeast } from '../../../domain/constants';
import type { SessionUser } from '../auth/get-session';

/** SPEC §6: an expense is edited by its creator or by a manager and above (the server checks too). */
export function canEditExpense(
  user: SessionUser | null,
  expense: { created_by: string | null },
): boolean {
  if (!user) return false;
  return expense.created_by === user.id || hasRoleAtLeast(user.role, 'manager');
}
