import { useState } from 'react';
import { Button } from '../../components/ui/button';

/** SPEC §3: what the trail stores in place of a sensitive value. */
export const REDACTED_VALUE = '[REDACTED]';
/** SPEC §2: what the page shows for it. */
export const REDACTED_LABEL = 'Sensitive field changed (value redacted)';
/** SPEC §2: strings longer than this collapse. */
export const COLLAPSE_OVER = 100;

export function isRedacted(value: unknown): boolean {
  return value === REDACTED_VALUE;
}

/** A stored value as text: strings as they are, the rest as JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2) ?? '';
}

/**
 * One value of an audit record: redacted values say so, empty ones show a dash, and text over
 * 100 characters collapses behind "Show more".
 */
export function AuditValue({ value, mono = true }: { value: unknown; mono?: boolean }) {
  const [expanded, setExpanded] = useState(false);
  if (isRedacted(value)) {
    return <em className="text-muted-foreground">{REDACTED_LABEL}</em>;
  }
  const text = valueText(value);
  if (text === '') return <span className="text-muted-foreground">—</span>;
  const long = text.length > COLLAPSE_OVER;
  const shown = long && !expanded ? `${text.slice(0, COLLAPSE_OVER)}…` : text;
  return (
    <span className="grid justify-items-start gap-1">
      <span className={mono ? 'font-mono text-xs break-all whitespace-pre-wrap' : 'break-words'}>
        {shown}
      </span>
      {long ? (
        <Button
          variant="link"
          size="sm"
          className="h-auto p-0 text-xs"
          aria-expanded={expanded}
          onClick={() => setExpanded((open) => !open)}
        >
          {expanded ? 'Show less' : `Show more (${text.length} characters)`}
        </Button>
      ) : null}
    </span>
  );
}
