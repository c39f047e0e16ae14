import { Link } from '@tanstack/react-router';
import { Users, X } from 'lucide-react';
import { LIMITS } from '../../../domain/constants';
import { formatCurrency, formatDate, formatPhoneDisplay } from '../../../domain/format';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { PageHeader } from '../../components/ui/page-header';
import { Pagination } from '../../components/ui/pagination';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ListLoadFailed } from '../../components/errors/list-load-failed';
import { TableSkeleton } from '../../components/ui/table-skeleton';
import { SearchForm } from '../../components/ui/search-form';
import { useGuests } from './get-guests';
import type { GuestsSearch } from './guests-search';

export interface GuestsPageProps {
  search: GuestsSearch;
  onSearchChange: (next: GuestsSearch) => void;
}

/** SPEC §2 /guests: everyone who has booked, searchable by name, e-mail or phone. */
export function GuestsPage({ search, onSearchChange }: GuestsPageProps) {
  useDocumentTitle('Guests');
  const query = useGuests(search);
  // No column when the owners hide revenue from staff: the server then leaves the figure out.
  const showSpent = query.data?.data.some((guest) => guest.total_spent !== undefined) ?? true;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader
        title="Guests"
        description="Everyone who has booked, with what they have booked and paid."
      />
      <Card>
        <CardContent className="pt-5 sm:pt-6">
          <SearchForm
            label="Search guests"
            value={search.search}
            onSearch={(text) => onSearchChange(text ? { search: text } : {})}
            maxLength={LIMITS.search_max}
            placeholder="Name, e-mail or phone"
            className="max-w-xl"
          />
        </CardContent>
      </Card>

      {query.isPending ? (
        <TableSkeleton label="Loading guests..." />
      ) : query.isError ? (
        <ListLoadFailed
          entity="Guests"
          message={query.error.message}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.data.length === 0 ? (
        <EmptyState
          icon={Users}
          title="No guests found"
          description={
            search.search
              ? 'No guest matches this search.'
              : 'Guests appear here once they have booked.'
          }
          action={
            search.search ? (
              <Button variant="outline" onClick={() => onSearchChange({})}>
                <X aria-hidden="true" />
                Clear search
              </Button>
            ) : null
          }
        />
      ) : (
        <div className="grid grid-cols-1 gap-4" aria-busy={query.isFetching || undefined}>
          <Table label="Guests" containerClassName="relative">
            <TableHeader>
              <TableRow>
                <TableHead>Name</TableHead>
                <TableHead>E-mail</TableHead>
                <TableHead>Phone</TableHead>
                <TableHead className="text-right">Bookings</TableHead>
                {showSpent ? <TableHead className="text-right">Total paid</TableHead> : null}
                <TableHead>Since</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {query.data.data.map((guest) => (
                <TableRow key={guest.guest_id}>
                  <TableCell>
                    <Link
                      to="/guests/$guestId"
                      params={{ guestId: guest.guest_id }}
                      className="font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {guest.guest_name}
                    </Link>
                    {guest.anonymized_at ? (
                      <Badge variant="outline" className="ml-2">
                        Anonymised
                      </Badge>
                    ) : null}
                  </TableCell>
                  <TableCell className="max-w-56 truncate">{guest.email}</TableCell>
                  <TableCell className="whitespace-nowrap">
                    {formatPhoneDisplay(guest.phone_number) || '—'}
                  </TableCell>
                  <TableCell className="text-right tabular-nums">
                    {guest.total_bookings}
                    {guest.cancelled_bookings > 0 ? (
                      <span className="block text-xs text-muted-foreground">
                        {guest.cancelled_bookings} cancelled
                      </span>
                    ) : null}
                  </TableCell>
                  {showSpent ? (
                    <TableCell className="text-right whitespace-nowrap tabular-nums">
                      {guest.total_spent === undefined ? '' : formatCurrency(guest.total_spent)}
                    </TableCell>
                  ) : null}
                  <TableCell className="whitespace-nowrap text-muted-foreground">
                    {formatDate(guest.created_at)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Pagination
            page={query.data.page}
            total={query.data.total}
            pageSize={query.data.page_size}
            itemLabel="guests"
            onPageChange={(page) =>
              onSearchChange({ ...search, page: page > 1 ? page : undefined })
            }
          />
        </div>
      )}
    </div>
  );
}
