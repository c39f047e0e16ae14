import { Link } from '@tanstack/react-router';
import {
  CalendarX2,
  CheckCircle2,
  Circle,
  CircleDot,
  FileText,
  Pencil,
  Play,
  Plus,
  Receipt,
  RotateCcw,
  Wrench,
} from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { MAINTENANCE_PRIORITY_LABELS, MAINTENANCE_STATUS_LABELS } from '../../../domain/constants';
import type { MaintenancePriority, MaintenanceStatus } from '../../../domain/constants';
import { formatCurrency, formatDate } from '../../../domain/format';
import type { MaintenanceIssueDto } from '../../../domain/schemas/maintenance.schema';
import { Badge } from '../../components/ui/badge';
import type { BadgeVariant } from '../../components/ui/badge';
import { Button, buttonVariants } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { SimpleDialog } from '../../components/ui/dialog';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadFailedAlert } from '../../components/ui/inline-alert';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { useMaintenanceIssues } from './get-maintenance-issues';
import { MaintenanceIssueDialog } from './maintenance-issue-dialog';
import { useRecordMaintenanceExpense } from './record-maintenance-expense';
import { useChangeMaintenanceStatus } from './save-maintenance-issue';

const PRIORITY_VARIANT: Record<MaintenancePriority, BadgeVariant> = {
  low: 'outline',
  normal: 'secondary',
  high: 'warning',
  urgent: 'destructive',
};

const STATUS_STYLE: Record<MaintenanceStatus, { variant: BadgeVariant; icon: LucideIcon }> = {
  open: { variant: 'outline', icon: Circle },
  in_progress: { variant: 'info', icon: CircleDot },
  done: { variant: 'default', icon: CheckCircle2 },
};

/** The next step of an issue's work: open → in progress → done, and done can be reopened. */
const NEXT_STEP: Record<
  MaintenanceStatus,
  { status: MaintenanceStatus; label: string; icon: LucideIcon }
> = {
  open: { status: 'in_progress', label: 'Start work', icon: Play },
  in_progress: { status: 'done', label: 'Mark done', icon: CheckCircle2 },
  done: { status: 'open', label: 'Reopen', icon: RotateCcw },
};

/**
 * Issue 22: the cabin's maintenance log on its page: each issue's title, priority, status, cost,
 * schedule and photos; add and edit, move it along, and record its cost as an expense.
 */
export function MaintenanceSection({ unitId, unitName }: { unitId: string; unitName: string }) {
  const issues = useMaintenanceIssues(unitId);
  const [adding, setAdding] = useState(false);
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1.5">
          <CardTitle id={`maintenance-${unitId}`}>Maintenance</CardTitle>
          <CardDescription>
            Repairs and upkeep of this cabin. Scheduled work blocks its nights.
          </CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" />
          Add Issue
        </Button>
        <MaintenanceIssueDialog
          unitId={unitId}
          unitName={unitName}
          open={adding}
          onOpenChange={setAdding}
        />
      </CardHeader>
      <CardContent>
        {issues.isPending ? (
          <Skeleton
            role="status"
            aria-label="Loading maintenance issues..."
            className="h-24 w-full"
          />
        ) : issues.isError ? (
          <LoadFailedAlert
            title="The maintenance log could not be loaded"
            error={issues.error}
            onRetry={() => void issues.refetch()}
          />
        ) : issues.data.length === 0 ? (
          <EmptyState
            icon={Wrench}
            headingLevel="h3"
            title="No maintenance issues"
            description="Add one when something in the cabin needs fixing."
          />
        ) : (
          <ul aria-labelledby={`maintenance-${unitId}`} className="grid gap-3">
            {issues.data.map((issue) => (
              <li key={issue.issue_id}>
                <MaintenanceIssueItem issue={issue} unitName={unitName} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function MaintenanceIssueItem({
  issue,
  unitName,
}: {
  issue: MaintenanceIssueDto;
  unitName: string;
}) {
  const [editing, setEditing] = useState(false);
  const changeStatus = useChangeMaintenanceStatus();
  const status = STATUS_STYLE[issue.status];
  const next = NEXT_STEP[issue.status];
  const headingId = `maintenance-issue-${issue.issue_id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-3 rounded-lg border border-border p-3 sm:p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="min-w-0 font-semibold break-words">
          {issue.title}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          <Badge variant={PRIORITY_VARIANT[issue.priority]}>
            {MAINTENANCE_PRIORITY_LABELS[issue.priority]} priority
          </Badge>
          <Badge variant={status.variant}>
            <status.icon aria-hidden="true" />
            {MAINTENANCE_STATUS_LABELS[issue.status]}
          </Badge>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex flex-wrap gap-x-1">
          <dt className="text-muted-foreground">Cost:</dt>
          <dd className="font-medium tabular-nums">
            {issue.cost === null ? 'Not known yet' : formatCurrency(issue.cost)}
          </dd>
        </div>
        {issue.scheduled_from && issue.scheduled_to ? (
          <div className="flex flex-wrap items-center gap-x-1">
            <dt className="flex items-center gap-1 text-muted-foreground">
              <CalendarX2 aria-hidden="true" className="size-4" />
              Blocks:
            </dt>
            <dd className="font-medium">
              {formatDate(issue.scheduled_from, 'MMM dd')} – {formatDate(issue.scheduled_to)}
            </dd>
          </div>
        ) : null}
        <div className="flex flex-wrap gap-x-1">
          <dt className="text-muted-foreground">Reported:</dt>
          <dd>
            {formatDate(issue.created_at)}
            {issue.created_by_name ? ` by ${issue.created_by_name}` : ''}
          </dd>
        </div>
        {issue.completed_at ? (
          <div className="flex flex-wrap gap-x-1">
            <dt className="text-muted-foreground">Done:</dt>
            <dd>{formatDate(issue.completed_at)}</dd>
          </div>
        ) : null}
      </dl>
      {issue.notes ? (
        <p className="text-sm whitespace-pre-line break-words">{issue.notes}</p>
      ) : null}
      {issue.photos.length > 0 ? (
        <ul aria-label={`Photos of ${issue.title}`} className="flex flex-wrap gap-2">
          {issue.photos.map((photo) => (
            <li key={photo.photo_id}>
              <a
                href={photo.url}
                target="_blank"
                rel="noreferrer"
                className="block rounded-md border border-border hover:border-primary"
                title={photo.file_name}
              >
                {/\.pdf$/i.test(photo.file_name) ? (
                  <span className="flex size-16 flex-col items-center justify-center gap-1 text-xs text-primary">
                    <FileText aria-hidden="true" className="size-6" />
                    PDF
                    <span className="sr-only">{photo.file_name}</span>
                  </span>
                ) : (
                  <img
                    src={photo.url}
                    alt={`Photo: ${photo.file_name}`}
                    loading="lazy"
                    className="size-16 rounded-md object-cover"
                  />
                )}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center">
        <Button
          variant={issue.status === 'done' ? 'outline' : 'default'}
          aria-label={`${next.label}: ${issue.title}`}
          loading={changeStatus.isPending}
          loadingText="Saving..."
          onClick={() =>
            changeStatus.mutate(
              { issueId: issue.issue_id, status: next.status },
              {
                onSuccess: () =>
                  toast.success(`${issue.title}: ${MAINTENANCE_STATUS_LABELS[next.status]}`),
                onError: (error) => toast.error(error.message),
              },
            )
          }
        >
          <next.icon aria-hidden="true" />
          {next.label}
        </Button>
        <Button
          variant="outline"
          aria-label={`Edit ${issue.title}`}
          onClick={() => setEditing(true)}
        >
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <MaintenanceIssueDialog
          unitId={issue.unit_id}
          unitName={unitName}
          issue={issue}
          open={editing}
          onOpenChange={setEditing}
        />
        <ExpenseLinkOrButton issue={issue} />
      </div>
    </article>
  );
}

/** The expense the cost became, or the one step that records it (after a confirmation). */
function ExpenseLinkOrButton({ issue }: { issue: MaintenanceIssueDto }) {
  const [open, setOpen] = useState(false);
  const record = useRecordMaintenanceExpense();
  if (issue.expense_id) {
    return (
      <Link
        to="/expenses/$expenseId"
        params={{ expenseId: issue.expense_id }}
        className={buttonVariants({ variant: 'link' })}
      >
        <Receipt aria-hidden="true" className="size-4" />
        View the expense
      </Link>
    );
  }
  if (issue.cost === null) return null;
  return (
    <SimpleDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="outline" aria-label={`Record cost as expense: ${issue.title}`}>
          <Receipt aria-hidden="true" />
          Record cost as expense
        </Button>
      }
      title="Record the cost as an expense?"
      description={`An expense of ${formatCurrency(issue.cost)} in the Maintenance category is added for ${issue.unit_name}, dated today. The issue's cost cannot change afterwards.`}
      footer={
        <>
          <Button variant="outline" onClick={() => setOpen(false)} disabled={record.isPending}>
            Cancel
          </Button>
          <Button
            loading={record.isPending}
            loadingText="Recording..."
            onClick={() =>
              record.mutate(issue.issue_id, {
                onSuccess: () => {
                  toast.success(`${formatCurrency(issue.cost ?? 0)} recorded as an expense`);
                  setOpen(false);
                },
                onError: (error) => toast.error(error.message),
              })
            }
          >
            Record Expense
          </Button>
        </>
      }
    />
  );
}
