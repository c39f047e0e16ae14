import { createLink } from '@tanstack/react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import type { AnchorHTMLAttributes, ReactNode, Ref } from 'react';
import { isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { DetailSkeleton, LoadFailed, NotFoundRecord } from '../errors/detail-states';
import { buttonVariants } from '../ui/button';
import { InlineAlert } from '../ui/inline-alert';

function BackAnchor({
  children,
  className,
  ref,
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }) {
  return (
    <a ref={ref} {...props} className={cn(buttonVariants({ variant: 'link' }), className)}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </a>
  );
}

/** "← Back to the guest": a typed router link styled as the edit pages' back link. */
export const BackLink = createLink(BackAnchor);

export interface EditPageProps<T> {
  /** The record's name, capitalised: "Guest", "Cabin" (loading, not found, failed to load). */
  entity: string;
  query: UseQueryResult<T>;
  /** The link back to the record's page (a BackLink). */
  back: ReactNode;
  /** The permission message when the user's role may not edit this kind of record. */
  denied?: string | null;
  /** The header and form, once the record is loaded. */
  children: (record: T) => ReactNode;
}

/**
 * SPEC §2's edit pages (/bookings, /guests, /payments, /units, /expenses/{id}/edit): the back
 * link, the permission message, the loading skeleton, "X Not Found", "Failed to Load X", and the
 * page itself once the record is there.
 */
export function EditPage<T>({ entity, query, back, denied, children }: EditPageProps<T>) {
  const noun = entity.toLowerCase();
  const backLink = <div>{back}</div>;
  if (denied) {
    return (
      <div className="grid grid-cols-1 gap-6">
        {backLink}
        <InlineAlert tone="error" title={denied} />
      </div>
    );
  }
  if (query.isPending) return <DetailSkeleton label={`Loading ${noun}...`} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.status === 404) {
      return <NotFoundRecord entity={entity} />;
    }
    return (
      <LoadFailed entity={entity} message={`Failed to load ${noun}: ${query.error.message}`} />
    );
  }
  return (
    <div className="grid grid-cols-1 gap-6">
      {backLink}
      {children(query.data)}
    </div>
  );
}
