import { todayInZone } from '../../../domain/dates';
import { usePublicSettings } from '../public-settings/get-public-settings';

/** DESIGN §3: "today" is today in the resort's time zone, wherever the browser is. */
export function useResortToday(): string {
  const { timezone } = usePublicSettings();
  try {
    return todayInZone(timezone);
  } catch {
    return todayInZone('Asia/Manila');
  }
}
