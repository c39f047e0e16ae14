import type { Database } from '../db/client';

/**
 * A run of nights already clipped to the requested range, as indexes from its first night:
 * nights `first` to `last` inclusive (0 is `from`). PostgreSQL does the date arithmetic, so the
 * server marks each run without converting a date (issue 9).
 */
export type NightRunRow = {
  unit_id: string;
  kind: 'taken' | 'blocked';
  first: number;
  last: number;
};

/**
 * Every taken or blocked run of nights of Available units that touches [from, to], in one query
 * (DESIGN §3: a stay occupies [check_in, check_out); a blackout blocks start_date to end_date
 * inclusive). Cancelled stays free their nights. No guest data is read.
 */
export async function findNightRuns(
  database: Database,
  from: string,
  to: string,
): Promise<NightRunRow[]> {
  return database.query<NightRunRow>(
    `SELECT bu.unit_id, 'taken' AS kind,
            greatest(bu.check_in, $1::date) - $1::date AS first,
            least(bu.check_out - 1, $2::date) - $1::date AS last
       FROM booking_units bu
       JOIN units u ON u.unit_id = bu.unit_id AND u.unit_status = 'Available'
      WHERE bu.booking_status <> 'Cancelled'
        AND daterange(bu.check_in, bu.check_out, '[)') && daterange($1::date, $2::date, '[]')
     UNION ALL
     SELECT ab.unit_id, 'blocked' AS kind,
            greatest(ab.start_date, $1::date) - $1::date AS first,
            least(ab.end_date, $2::date) - $1::date AS last
       FROM availability_blackouts ab
       JOIN units u ON u.unit_id = ab.unit_id AND u.unit_status = 'Available'
      WHERE daterange(ab.start_date, ab.end_date, '[]') && daterange($1::date, $2::date, '[]')
     UNION ALL
     -- Issue 19: nights a channel holds are taken, as a booking's are; no channel data is read.
     SELECT eh.unit_id, 'taken' AS kind,
            greatest(eh.start_date, $1::date) - $1::date AS first,
            least(eh.end_date - 1, $2::date) - $1::date AS last
       FROM external_holds eh
       JOIN units u ON u.unit_id = eh.unit_id AND u.unit_status = 'Available'
      WHERE daterange(eh.start_date, eh.end_date, '[)') && daterange($1::date, $2::date, '[]')`,
    [from, to],
    { prepare: 'calendar_night_runs_with_holds' },
  );
}
