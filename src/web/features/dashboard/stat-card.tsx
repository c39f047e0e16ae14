import { ArrowDownRight, ArrowUpRight, Minus } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/cn';

export interface StatTrend {
  /** Relative change in percent; null when there is nothing to compare with. */
  percent: number | null;
  /** What it is compared with: "October", "yesterday". */
  against: string;
}

export interface StatCardProps {
  title: string;
  value: string;
  description: ReactNode;
  icon: LucideIcon;
  trend?: StatTrend;
  footer?: ReactNode;
}

function TrendLine({ trend }: { trend: StatTrend }) {
  if (trend.percent === null) {
    return <p className="text-xs text-muted-foreground">Nothing to compare with {trend.against}</p>;
  }
  const direction = trend.percent > 0 ? 'up' : trend.percent < 0 ? 'down' : 'flat';
  const Icon = direction === 'up' ? ArrowUpRight : direction === 'down' ? ArrowDownRight : Minus;
  const amount = `${Math.abs(trend.percent).toLocaleString('en-PH', { maximumFractionDigits: 1 })}%`;
  const words =
    direction === 'flat'
      ? `Same as ${trend.against}`
      : `${direction === 'up' ? 'Up' : 'Down'} ${amount} from ${trend.against}`;
  return (
    <p
      className={cn(
        'flex items-center gap-1 text-xs font-medium',
        direction === 'up' && 'text-success-foreground',
        direction === 'down' && 'text-destructive',
        direction === 'flat' && 'text-muted-foreground',
      )}
      data-trend={direction}
    >
      <Icon aria-hidden="true" className="size-4" />
      <span aria-hidden="true">{direction === 'flat' ? '0%' : amount}</span>
      <span className="sr-only">{words}</span>
      <span aria-hidden="true" className="font-normal text-muted-foreground">
        vs {trend.against}
      </span>
    </p>
  );
}

/** SPEC §2 statistic card: title, value, description, icon and a trend with an arrow and percent. */
export function StatCard({ title, value, description, icon: Icon, trend, footer }: StatCardProps) {
  return (
    <Card className="gap-2 p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
        <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Icon aria-hidden="true" className="size-5" />
        </span>
      </div>
      <p className="text-2xl font-bold tracking-tight tabular-nums" data-testid="stat-value">
        {value}
      </p>
      <p className="text-sm text-muted-foreground">{description}</p>
      {trend ? <TrendLine trend={trend} /> : null}
      {footer}
    </Card>
  );
}
