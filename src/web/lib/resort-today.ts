import { todayInZone } from '../../domain/dates';

/** Today in the resort's zone; Manila's when the setting names no zone the browser knows. */
export function resortToday(timeZone: string): string {
  try {
    return todayInZone(timeZone);
  } catch {
    return todayInZone('Asia/Manila');
  }
}
