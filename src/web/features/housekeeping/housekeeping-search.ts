import { HOUSEKEEPING_STATUSES } from '../../../domain/constants';
import type { HousekeepingStatus } from '../../../domain/constants';
import { optionalEnum } from '../../lib/search-params';

/** /housekeeping?status=Dirty: the board shows the cabins in that status (all when absent). */
export interface HousekeepingSearch {
  status?: HousekeepingStatus;
}

export function validateHousekeepingSearch(search: Record<string, unknown>): HousekeepingSearch {
  const status = optionalEnum(search.status, HOUSEKEEPING_STATUSES);
  return status ? { status } : {};
}
