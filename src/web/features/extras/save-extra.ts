import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Extra, ExtraCreate, ExtraUpdate } from '../../../domain/schemas/extra.schema';
import { apiPatch, apiPost } from '../../lib/api';
import { extrasQueryKey } from './get-extras';

/** POST /api/extras or, with an id, PATCH /api/extras/:id (managers and up; issue 17). */
export async function saveExtra(input: {
  extraId?: string | undefined;
  body: ExtraCreate | ExtraUpdate;
}): Promise<Extra> {
  const answer = input.extraId
    ? await apiPatch<{ data: Extra }>(
        `/api/extras/${encodeURIComponent(input.extraId)}`,
        input.body,
      )
    : await apiPost<{ data: Extra }>('/api/extras', input.body);
  return answer.data;
}

export function useSaveExtra() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveExtra,
    // The dialog shows the server's field messages; the list's toggle its own toast.
    meta: { suppressErrorToast: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: extrasQueryKey }),
  });
}
