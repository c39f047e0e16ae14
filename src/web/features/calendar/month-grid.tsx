import { Ban, DoorClosed, X } from 'lucide-react';
import { formatDate } from '../../../domain/format';
import { cn } from '../../lib/cn';
import { monthLabel, monthWeeks } from '../../lib/calendar-month';
import type { MonthKey } from '../../lib/calendar-month';

export type NightState = 'free' | 'taken' | 'blocked' | 'past';

const WEEKDAYS = [
  ['Sun', 'Sunday'],
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
] as const;

const STATE_TEXT: Record<NightState, string> = {
  free: 'available',
  taken: 'booked',
  blocked: 'closed',
  past: 'past',
};

/*
 * Each state has its own pattern and icon as well as colour (WCAG 1.4.1): booked nights are
 * striped with a cross, closed nights dotted with a no-entry sign.
 */
const stateClass: Record<NightState, string> = {
  free: 'border-sea-200 bg-surface text-foreground',
  taken:
    'border-sand-500 bg-sand-200 text-sand-900 bg-[repeating-linear-gradient(135deg,transparent_0,transparent_5px,rgb(148_113_70/0.35)_5px,rgb(148_113_70/0.35)_7px)]',
  blocked:
    'border-destructive/50 bg-destructive-soft text-destructive bg-[radial-gradient(rgb(180_35_24/0.35)_1px,transparent_1.5px)] bg-[length:6px_6px]',
  past: 'border-transparent bg-muted/60 text-muted-foreground',
};

export interface MonthGridProps {
  month: MonthKey;
  today: string;
  stateOf: (date: string) => NightState;
  /** Names the table ("Sunset Beachfront Cabin"). */
  unitName: string;
  /** Issue 21: the days guests may not arrive on (stay rules); none when not given. */
  arrivalClosed?: (date: string) => boolean;
}

/** One cabin's month: a table of nights, each marked available, booked or closed. */
export function MonthGrid({ month, today, stateOf, unitName, arrivalClosed }: MonthGridProps) {
  const weeks = monthWeeks(month);
  return (
    <table className="w-full table-fixed border-separate border-spacing-1 text-center text-sm">
      <caption className="sr-only">
        {unitName}: nights in {monthLabel(month)}
      </caption>
      <thead>
        <tr>
          {WEEKDAYS.map(([short, long]) => (
            <th
              key={short}
              scope="col"
              className="pb-1 text-xs font-semibold text-muted-foreground"
            >
              <abbr title={long} className="no-underline">
                {short}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          <tr key={w}>
            {week.map((date, d) => {
              if (!date) return <td key={d} aria-hidden="true" />;
              const state = stateOf(date);
              const isToday = date === today;
              const noArrival = state !== 'past' && (arrivalClosed?.(date) ?? false);
              return (
                <td
                  key={date}
                  data-date={date}
                  data-state={state}
                  data-arrival={noArrival ? 'closed' : undefined}
                  className={cn(
                    'relative h-10 rounded-md border p-0 align-middle tabular-nums sm:h-11',
                    stateClass[state],
                    isToday && 'ring-2 ring-primary ring-offset-1',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cn('font-medium', state === 'taken' && 'line-through')}
                  >
                    {Number(date.slice(8))}
                  </span>
                  {state === 'taken' ? (
                    <X aria-hidden="true" className="absolute top-0.5 right-0.5 size-3" />
                  ) : null}
                  {state === 'blocked' ? (
                    <Ban aria-hidden="true" className="absolute top-0.5 right-0.5 size-3" />
                  ) : null}
                  {noArrival ? (
                    <DoorClosed
                      aria-hidden="true"
                      className="absolute bottom-0.5 left-0.5 size-3 text-sand-900"
                    />
                  ) : null}
                  <span className="sr-only">
                    {formatDate(date, 'MMMM d')}, {STATE_TEXT[state]}
                    {noArrival ? ', no arrivals' : ''}
                    {isToday ? ', today' : ''}
                  </span>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The key to the grid's marks. */
export function CalendarLegend() {
  const items: { state: NightState; label: string; icon?: typeof X }[] = [
    { state: 'free', label: 'Available' },
    { state: 'taken', label: 'Booked', icon: X },
    { state: 'blocked', label: 'Closed', icon: Ban },
  ];
  return (
    <ul aria-label="Legend" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
      {items.map(({ state, label, icon: Icon }) => (
        <li key={state} className="flex items-center gap-2">
          <span
            aria-hidden="true"
            className={cn('relative inline-block size-6 rounded-md border', stateClass[state])}
          >
            {Icon ? <Icon className="absolute top-0.5 right-0.5 size-3" /> : null}
          </span>
          {label}
        </li>
      ))}
      <li className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className="inline-block size-6 rounded-md border border-sea-200 bg-surface ring-2 ring-primary ring-offset-1"
        />
        Today
      </li>
      <li className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className="relative inline-block size-6 rounded-md border border-sea-200 bg-surface"
        >
          <DoorClosed className="absolute bottom-0.5 left-0.5 size-3 text-sand-900" />
        </span>
        No arrivals
      </li>
    </ul>
  );
}
