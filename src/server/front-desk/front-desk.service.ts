import { maxCentavos, toCentavos, toPesos } from '../../domain/centavos';
import { todayInZone } from '../../domain/dates';
import type { FrontDeskDto, FrontDeskStayDto } from '../../domain/schemas/front-desk.schema';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { findFrontDeskRows, type FrontDeskRow } from './front-desk.repository';

function toStay(row: FrontDeskRow): FrontDeskStayDto {
  return {
    booking_id: row.booking_id,
    booking_reference: row.booking_reference,
    guest_name: row.guest_name,
    contact_number: row.contact_number,
    email: row.email,
    num_guests: row.num_guests,
    check_in: row.check_in,
    check_out: row.check_out,
    booking_status: row.booking_status as FrontDeskStayDto['booking_status'],
    payment_status: row.payment_status as FrontDeskStayDto['payment_status'],
    // The balance due: what the folio says is owed, never below zero.
    balance: toPesos(maxCentavos(toCentavos(Number(row.balance)), 0n)),
    special_requests: row.special_requests,
    source: row.source as FrontDeskStayDto['source'],
    id_recorded: row.id_recorded,
    units: row.units,
  };
}

/** Issue 22, DESIGN §8: GET /api/front-desk — the day's arrivals, guests in house and departures. */
export function createFrontDeskService(deps: { config: Config; database: Database; clock: Clock }) {
  return {
    async day(date: string | undefined): Promise<FrontDeskDto> {
      const day = date ?? todayInZone(deps.config.timezone, deps.clock.now());
      const rows = await findFrontDeskRows(deps.database, day);
      const arrivals: FrontDeskStayDto[] = [];
      const inHouse: FrontDeskStayDto[] = [];
      const departures: FrontDeskStayDto[] = [];
      for (const row of rows) {
        const stay = toStay(row);
        const status = row.booking_status;
        if (row.check_in === day && status !== 'CheckedOut') arrivals.push(stay);
        if (status === 'CheckedIn' && row.check_in < day && day < row.check_out) {
          inHouse.push(stay);
        }
        const leaving = row.check_out === day || row.units.some((unit) => unit.check_out === day);
        if ((status === 'CheckedIn' || status === 'CheckedOut') && leaving) departures.push(stay);
      }
      return { date: day, arrivals, in_house: inHouse, departures };
    },
  };
}
