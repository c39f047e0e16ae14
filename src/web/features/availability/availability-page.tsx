import { Ban, CalendarDays, ChevronLeft, ChevronRight, LayoutList, Pencil } from 'lucide-react';
import { useState } from 'react';
import { hasRoleAtLeast } from '../../../domain/constants';
import { formatDate } from '../../../domain/format';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { PageHeader } from '../../components/ui/page-header';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../auth/get-session';
import { addMonths, daysOfMonth, monthLabel, type MonthKey } from '../../lib/calendar-month';
import { LoadFailedAlert } from '../../components/ui/inline-alert';
import type { CalendarBlackout, CalendarRow } from '../../../domain/schemas/availability.schema';
import type { AvailabilitySearch } from './availability-search';
import { BlackoutDialog, type BlackoutTarget } from './blackout-dialog';
import { useCalendar } from './get-calendar';
import { useResortToday } from './resort-today';
import { TapeChart, TapeChartLegend } from './tape-chart';
import { UnitsOverview } from './units-overview';

export interface AvailabilityPageProps {
  search: AvailabilitySearch;
  onSearchChange: (next: AvailabilitySearch) => void;
}

/** SPEC §2 /availability: "Calendar View" (a tape chart) and "Units Overview". */
export function AvailabilityPage({ search, onSearchChange }: AvailabilityPageProps) {
  useDocumentTitle('Availability');
  const user = useCurrentUser();
  const canManage = hasRoleAtLeast(user?.role, 'manager');
  const today = useResortToday();
  const month: MonthKey = search.date ?? today.slice(0, 7);
  const view = search.view ?? 'calendar';
  const days = daysOfMonth(month);
  const calendar = useCalendar({
    from: days[0]!,
    to: days[days.length - 1]!,
    ...(search.unit ? { unit: search.unit } : {}),
  });
  const allUnits = useCalendar({ from: days[0]!, to: days[days.length - 1]! });
  const [dialog, setDialog] = useState<BlackoutTarget | null>(null);

  const set = (change: Partial<AvailabilitySearch>) => {
    const next = { ...search, ...change };
    onSearchChange(
      Object.fromEntries(
        Object.entries(next).filter(([, v]) => v !== undefined),
      ) as AvailabilitySearch,
    );
  };
  const onBlackoutSelect = (blackout: CalendarBlackout, unit: CalendarRow) =>
    setDialog({ blackout, unitId: unit.unit_id });
  const units = allUnits.data?.units ?? calendar.data?.units ?? [];

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Availability"
        description="Stays and blocked dates of every cabin, night by night."
        actions={
          canManage ? (
            <Button
              onClick={() => setDialog({ unitId: search.unit })}
              disabled={units.length === 0}
            >
              <Ban aria-hidden="true" />
              Block Dates
            </Button>
          ) : null
        }
      />

      <Tabs
        value={view}
        onValueChange={(value) => set({ view: value === 'units' ? 'units' : undefined })}
      >
        <TabsList aria-label="Availability views">
          <TabsTrigger value="calendar">
            <CalendarDays aria-hidden="true" />
            Calendar View
          </TabsTrigger>
          <TabsTrigger value="units">
            <LayoutList aria-hidden="true" />
            Units Overview
          </TabsTrigger>
        </TabsList>

        <TabsContent value="calendar" className="grid grid-cols-1 gap-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="icon"
                aria-label="Previous month"
                onClick={() => set({ date: addMonths(month, -1) })}
              >
                <ChevronLeft aria-hidden="true" />
              </Button>
              <h2 className="min-w-36 text-center text-lg font-semibold" aria-live="polite">
                {monthLabel(month)}
              </h2>
              <Button
                variant="outline"
                size="icon"
                aria-label="Next month"
                onClick={() => set({ date: addMonths(month, 1) })}
              >
                <ChevronRight aria-hidden="true" />
              </Button>
              {month !== today.slice(0, 7) ? (
                <Button variant="ghost" size="sm" onClick={() => set({ date: undefined })}>
                  This month
                </Button>
              ) : null}
            </div>
            <Select
              aria-label="Cabin"
              className="sm:w-64"
              placeholder="All cabins"
              options={units.map((u) => ({ value: u.unit_id, label: u.unit_name }))}
              value={search.unit ?? ''}
              onChange={(event) => set({ unit: event.target.value || undefined })}
            />
          </div>

          {calendar.isError && !calendar.data ? (
            <LoadFailedAlert
              title="Failed to load the calendar"
              error={calendar.error}
              onRetry={() => void calendar.refetch()}
            />
          ) : calendar.isPending ? (
            <div className="grid gap-2" aria-busy="true">
              <span role="status" className="sr-only">
                Loading the calendar...
              </span>
              {Array.from({ length: 3 }, (_, i) => (
                <Skeleton key={i} className="h-12" />
              ))}
            </div>
          ) : calendar.data.units.length === 0 ? (
            <p className="text-sm text-muted-foreground">No cabins to show.</p>
          ) : (
            <>
              <TapeChart
                month={month}
                today={calendar.data.today}
                units={calendar.data.units}
                onBlackoutSelect={canManage ? onBlackoutSelect : undefined}
              />
              <TapeChartLegend />
              <BlockedDatesList
                month={month}
                units={calendar.data.units}
                onEdit={canManage ? onBlackoutSelect : undefined}
              />
            </>
          )}
        </TabsContent>

        <TabsContent value="units">
          <UnitsOverview />
        </TabsContent>
      </Tabs>

      {dialog ? (
        <BlackoutDialog
          open
          onOpenChange={(open) => {
            if (!open) setDialog(null);
          }}
          units={units}
          target={dialog}
        />
      ) : null}
    </div>
  );
}

function BlockedDatesList({
  month,
  units,
  onEdit,
}: {
  month: MonthKey;
  units: CalendarRow[];
  onEdit?: (blackout: CalendarBlackout, unit: CalendarRow) => void;
}) {
  const rows = units.flatMap((unit) => unit.blackouts.map((blackout) => ({ unit, blackout })));
  rows.sort((a, b) => a.blackout.start_date.localeCompare(b.blackout.start_date));
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Blocked dates in {monthLabel(month)}</CardTitle>
        <CardDescription>Nights closed to bookings, with the reason.</CardDescription>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No blocked dates this month.</p>
        ) : (
          <ul className="divide-y divide-border">
            {rows.map(({ unit, blackout }) => (
              <li key={blackout.blackout_id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="grid min-w-0 flex-1 gap-0.5">
                  <span className="font-medium">
                    {unit.unit_name}: {formatDate(blackout.start_date, 'MMM dd')} –{' '}
                    {formatDate(blackout.end_date, 'MMM dd, yyyy')}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {blackout.reason ?? 'No reason given'}
                  </span>
                </div>
                {onEdit ? (
                  <Button variant="outline" size="sm" onClick={() => onEdit(blackout, unit)}>
                    <Pencil aria-hidden="true" />
                    Change<span className="sr-only"> blocked dates of {unit.unit_name}</span>
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
