import { ListChecks, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import { DATE_FORMATS, formatDate } from '../../../domain/format';
import { JOB_STATUSES, type JobDto, type JobStatus } from '../../../domain/schemas/job.schema';
import { ComponentError } from '../../components/errors/component-error';
import { errorMessage } from '../../components/errors/error-screen';
import { Badge, type BadgeVariant } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { Label } from '../../components/ui/label';
import { Pagination } from '../../components/ui/pagination';
import { Select } from '../../components/ui/select';
import { Skeleton } from '../../components/ui/skeleton';
import { toast } from '../../components/ui/toast';
import { useJobs } from './get-jobs';
import { useRetryJob } from './retry-job';

const STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

const STATUS_VARIANTS: Record<JobStatus, BadgeVariant> = {
  queued: 'secondary',
  running: 'default',
  done: 'outline',
  failed: 'destructive',
  cancelled: 'outline',
};

/** What each kind of job does, in the resort's words. */
const KIND_LABELS: Record<string, string> = {
  'send-mail': 'E-mail',
  'expire-unpaid-guest-bookings': 'Cancel guest bookings without a payment proof',
  'purge-expired-records': 'Clean up expired links and records',
};

const STATUS_OPTIONS = [
  { value: '', label: 'All statuses' },
  ...JOB_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
];

const when = (iso: string | null) => (iso ? formatDate(iso, DATE_FORMATS.withTime) : '—');

/**
 * Issue 18, Settings → System (administrators): the background job queue, its recent and failed
 * jobs, and Retry for a failed one.
 */
export function SystemTab() {
  const [status, setStatus] = useState<JobStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const jobs = useJobs({ status, page });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Background jobs</CardTitle>
        <CardDescription>
          E-mails and the resort&apos;s scheduled tasks run here. A job that fails is tried again
          later; one that keeps failing stops and waits for you to retry it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <div className="grid max-w-xs gap-1.5">
          <Label htmlFor="job-status-filter">Status</Label>
          <Select
            id="job-status-filter"
            value={status ?? ''}
            options={STATUS_OPTIONS}
            onChange={(event) => {
              const value = event.target.value;
              setStatus(value === '' ? undefined : (value as JobStatus));
              setPage(1);
            }}
          />
        </div>
        {jobs.isPending ? (
          <div className="grid gap-2" aria-busy="true">
            <span role="status" className="sr-only">
              Loading jobs...
            </span>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-16" />
            ))}
          </div>
        ) : jobs.isError ? (
          <ComponentError
            description={`We couldn't load the jobs. ${errorMessage(jobs.error)}`}
            onRetry={() => void jobs.refetch()}
          />
        ) : jobs.data.data.length === 0 ? (
          <EmptyState
            headingLevel="h3"
            icon={ListChecks}
            title={status ? `No ${STATUS_LABELS[status].toLowerCase()} jobs` : 'No jobs yet'}
            description="Jobs appear here as e-mails are sent and scheduled tasks run."
          />
        ) : (
          <>
            <ul
              aria-label="Jobs"
              className="grid divide-y divide-border rounded-lg border border-border"
            >
              {jobs.data.data.map((job) => (
                <JobRow key={job.job_id} job={job} />
              ))}
            </ul>
            <Pagination
              page={jobs.data.page}
              total={jobs.data.total}
              pageSize={jobs.data.page_size}
              onPageChange={setPage}
              itemLabel="jobs"
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function JobRow({ job }: { job: JobDto }) {
  const retry = useRetryJob();
  const label = KIND_LABELS[job.kind] ?? job.kind;
  return (
    <li
      data-testid="job-row"
      className="grid gap-2 p-4 md:grid-cols-[minmax(0,1fr)_auto] md:items-start md:gap-4"
    >
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          {label}
          <Badge variant={STATUS_VARIANTS[job.status]}>{STATUS_LABELS[job.status]}</Badge>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm text-muted-foreground">
          <dt>Attempts</dt>
          <dd>
            {job.attempts} of {job.max_attempts}
          </dd>
          <dt>Runs at</dt>
          <dd>{when(job.run_at)}</dd>
          <dt>Finished</dt>
          <dd>{when(job.finished_at)}</dd>
        </dl>
        {job.last_error ? (
          <p className="text-sm break-words text-destructive">
            <span className="font-medium">Last error:</span> {job.last_error}
          </p>
        ) : null}
      </div>
      {job.status === 'failed' ? (
        <Button
          variant="outline"
          size="sm"
          disabled={retry.isPending}
          onClick={() =>
            retry.mutate(job.job_id, {
              onSuccess: () => toast.success(`${label}: queued to run again`),
            })
          }
        >
          <RotateCcw aria-hidden="true" />
          Retry
          <span className="sr-only"> {label}</span>
        </Button>
      ) : null}
    </li>
  );
}
