import { Pause, Pencil, Play, Plus } from 'lucide-react';
import { useState } from 'react';
import type { PromoCodeDto } from '../../../domain/schemas/promo-code.schema';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyNote } from '../../components/ui/empty-note';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { LoadFailedAlert } from '../../components/ui/inline-alert';
import { Pagination } from '../../components/ui/pagination';
import { SearchForm } from '../../components/ui/search-form';
import { Select } from '../../components/ui/select';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../components/ui/table';
import { TableSkeleton } from '../../components/ui/table-skeleton';
import { toast } from '../../components/ui/toast';
import { useCabinNames } from '../units/cabin-choice';
import { usePromoCodes, type PromoCodeFilters } from './get-promo-codes';
import { PromoCodeFormDialog } from './promo-code-form-dialog';
import { promoDiscountText, promoRangeText } from './promo-labels';
import { PromoReportCard } from './promo-report-card';
import { useSavePromoCode } from './save-promo-code';

const PAGE_SIZE = 25;
const STATUS_OPTIONS = [
  { value: 'all', label: 'All codes' },
  { value: 'active', label: 'Active' },
  { value: 'paused', label: 'Paused' },
];

/**
 * Issue 21 point 2, Settings → Promotions (managers and up): the promo codes with search, an
 * Active/Paused filter and pages; add and edit in a dialog, Pause and Resume per code; and the
 * uses-and-cost report.
 */
export function PromotionsSettingsTab() {
  const [search, setSearch] = useState<string | undefined>(undefined);
  const [status, setStatus] = useState<NonNullable<PromoCodeFilters['status']>>('all');
  const [page, setPage] = useState(1);
  const filters: PromoCodeFilters = { search, status, page, page_size: PAGE_SIZE };
  const codes = usePromoCodes(filters);
  const cabinNames = useCabinNames();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<PromoCodeDto | null>(null);

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
          <div className="grid gap-1.5">
            <CardTitle as="h3">Promo codes</CardTitle>
            <CardDescription>
              Codes guests type on the booking form for a percentage or a peso amount off. A use is
              counted when a booking is made and given back when it is cancelled.
            </CardDescription>
          </div>
          <PromoCodeFormDialog
            open={adding}
            onOpenChange={setAdding}
            trigger={
              <Button>
                <Plus aria-hidden="true" />
                Add Promo Code
              </Button>
            }
          />
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-4">
          <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem] sm:items-end">
            <SearchForm
              label="Search promo codes"
              value={search}
              maxLength={30}
              placeholder="Code"
              onSearch={(value) => {
                setSearch(value);
                setPage(1);
              }}
            />
            <div className="grid gap-1.5">
              <label htmlFor="promo-status" className="text-sm font-medium">
                Status
              </label>
              <Select
                id="promo-status"
                options={STATUS_OPTIONS}
                value={status}
                onChange={(event) => {
                  setStatus(event.target.value as typeof status);
                  setPage(1);
                }}
              />
            </div>
          </div>
          {codes.isPending ? (
            <TableSkeleton rows={3} label="Loading promo codes..." />
          ) : codes.isError ? (
            <LoadFailedAlert
              title="Failed to load the promo codes"
              error={codes.error}
              onRetry={() => void codes.refetch()}
            />
          ) : codes.data.total === 0 ? (
            <EmptyNote>
              {search || status !== 'all'
                ? 'No promo codes match.'
                : 'No promo codes yet. Add one to post on Facebook for the rainy season.'}
            </EmptyNote>
          ) : (
            <>
              <Table label="Promo codes" containerClassName="relative">
                <TableHeader>
                  <TableRow>
                    <TableHead>Code</TableHead>
                    <TableHead>Discount</TableHead>
                    <TableHead>Booking window</TableHead>
                    <TableHead>Stay dates</TableHead>
                    <TableHead>Min. nights</TableHead>
                    <TableHead>Cabins</TableHead>
                    <TableHead>Uses</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {codes.data.data.map((promo) => (
                    <PromoRow
                      key={promo.promo_code_id}
                      promo={promo}
                      cabins={cabinNames(promo.unit_ids)}
                      onEdit={() => setEditing(promo)}
                    />
                  ))}
                </TableBody>
              </Table>
              <Pagination
                page={page}
                total={codes.data.total}
                pageSize={PAGE_SIZE}
                onPageChange={setPage}
                itemLabel="promo codes"
              />
            </>
          )}
        </CardContent>
        {editing ? (
          <PromoCodeFormDialog
            key={editing.promo_code_id}
            open
            promo={editing}
            onOpenChange={(open) => {
              if (!open) setEditing(null);
            }}
          />
        ) : null}
      </Card>
      <PromoReportCard />
    </div>
  );
}

function PromoRow({
  promo,
  cabins,
  onEdit,
}: {
  promo: PromoCodeDto;
  cabins: string;
  onEdit: () => void;
}) {
  const toggle = useSavePromoCode();
  const setActive = async (active: boolean) => {
    try {
      await toggle.mutateAsync({ promoCodeId: promo.promo_code_id, body: { active } });
      toast.success(active ? `${promo.code} resumed` : `${promo.code} paused`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The promo code was not changed.');
    }
  };
  return (
    <TableRow>
      <TableCell className="font-mono font-semibold">{promo.code}</TableCell>
      <TableCell>{promoDiscountText(promo.kind, promo.value)}</TableCell>
      <TableCell>{promoRangeText(promo.book_from, promo.book_to)}</TableCell>
      <TableCell>{promoRangeText(promo.stay_from, promo.stay_to)}</TableCell>
      <TableCell>{promo.min_nights ?? 'Any'}</TableCell>
      <TableCell className="min-w-32">{cabins}</TableCell>
      <TableCell>
        {promo.uses}
        {promo.max_uses === null ? '' : ` / ${promo.max_uses}`}
      </TableCell>
      <TableCell>
        {promo.active ? (
          <Badge variant="secondary">Active</Badge>
        ) : (
          <Badge variant="outline">Paused</Badge>
        )}
      </TableCell>
      <TableCell>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Edit<span className="sr-only"> {promo.code}</span>
          </Button>
          <Button
            variant="outline"
            size="sm"
            loading={toggle.isPending}
            onClick={() => void setActive(!promo.active)}
          >
            {promo.active ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
            {promo.active ? 'Pause' : 'Resume'}
            <span className="sr-only"> {promo.code}</span>
          </Button>
        </div>
      </TableCell>
    </TableRow>
  );
}
