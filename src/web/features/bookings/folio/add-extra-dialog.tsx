import { useState } from 'react';
import { toCentavos, toPesos } from '../../../../domain/centavos';
import { formatCurrency } from '../../../../domain/format';
import type { Extra, ExtraChargePer } from '../../../../domain/schemas/extra.schema';
import { EXTRA_LIMITS, extraQuantityMessage } from '../../../../domain/extra-limits';
import { postChargeSchema } from '../../../../domain/schemas/folio.schema';
import { Button } from '../../../components/ui/button';
import { SimpleDialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { NumberInput } from '../../../components/ui/number-input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import type { BookingDetailDto as BookingDetail } from '../../../../domain/schemas/booking.schema';
import { usePublicSettings } from '../../public-settings/get-public-settings';
import { LoadFailedAlert } from '../../../components/ui/inline-alert';
import { useAddCharge } from './add-charge';
import { previewCharge, previewSettings, TAX_TREATMENT_LABELS } from './folio-view';
import { useExtras } from './get-extras';

const CHARGE_PER_LABELS: Readonly<Record<ExtraChargePer, string>> = {
  stay: 'per stay',
  night: 'per night',
  person: 'per person',
  person_night: 'per person per night',
};

function extraOptionLabel(extra: Extra): string {
  return `${extra.name} — ${formatCurrency(extra.price)} ${CHARGE_PER_LABELS[extra.charge_per]}`;
}

interface FieldErrors {
  extra_id?: string;
  quantity?: string;
  note?: string;
}

const FIELD_NAMES = ['extra_id', 'quantity', 'note'] as const;

export interface AddExtraDialogProps {
  booking: BookingDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Issue 17 point 4: staff add an extra from the catalogue to a booking, at any time of the stay.
 * The preview prices it with the module the server prices with (extras-pricing.ts), for the
 * booking's nights and guests; the server's figure is the one posted.
 */
export function AddExtraDialog({ booking, open, onOpenChange }: AddExtraDialogProps) {
  const extras = useExtras(open);
  const tax = usePublicSettings();
  const addCharge = useAddCharge(booking.booking_id);
  const [extraId, setExtraId] = useState('');
  const [quantity, setQuantity] = useState<number | null>(1);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const active = (extras.data ?? []).filter((extra) => extra.active);
  const chosen = active.find((extra) => extra.extra_id === extraId);
  const preview = previewCharge(chosen, quantity, booking, previewSettings(tax));

  const submit = () => {
    setFormError(null);
    const parsed = postChargeSchema.safeParse({
      extra_id: extraId,
      quantity: quantity ?? Number.NaN,
      note,
    });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'extra_id' || field === 'quantity' || field === 'note') {
          next[field] ??= issue.message;
        }
      }
      setErrors(next);
      return;
    }
    setErrors({});
    addCharge.mutate(parsed.data, {
      onSuccess: () => {
        toast.success(`${chosen?.name ?? 'Extra'} added to the folio.`);
        onOpenChange(false);
      },
      onError: (failure) => {
        const next: FieldErrors = {};
        let placed = 0;
        if (isApiError(failure)) {
          for (const issue of failure.issues ?? []) {
            const field = FIELD_NAMES.find((name) => issue.path === name);
            if (field && next[field] === undefined) {
              next[field] = issue.message;
              placed += 1;
            }
          }
        }
        setErrors(next);
        if (placed === 0) {
          setFormError(failure instanceof Error ? failure.message : 'The extra was not added.');
        }
      },
    });
  };

  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add extra"
      description={`Charge an extra to booking ${booking.booking_reference}: ${booking.nights} ${booking.nights === 1 ? 'night' : 'nights'}, ${booking.num_guests} ${booking.num_guests === 1 ? 'guest' : 'guests'}.`}
      footer={
        <>
          <Button
            variant="outline"
            onClick={() => onOpenChange(false)}
            disabled={addCharge.isPending}
          >
            Cancel
          </Button>
          <Button
            onClick={submit}
            loading={addCharge.isPending}
            loadingText="Adding..."
            disabled={!extras.isSuccess || active.length === 0}
          >
            Add to folio
          </Button>
        </>
      }
    >
      <form
        noValidate
        className="grid min-w-0 grid-cols-1 gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        {extras.isPending ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading extras...</span>
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : extras.isError ? (
          <LoadFailedAlert
            title="The extras could not be loaded"
            error={extras.error}
            onRetry={() => void extras.refetch()}
          />
        ) : active.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            There are no active extras. Managers add them in Settings, Extras.
          </p>
        ) : (
          <Field label="Extra" required error={errors.extra_id}>
            <Select
              value={extraId}
              placeholder="Select an extra"
              options={active.map((extra) => ({
                value: extra.extra_id,
                label: extraOptionLabel(extra),
              }))}
              onChange={(event) => {
                setExtraId(event.target.value);
                setErrors((current) => ({ ...current, extra_id: undefined }));
              }}
            />
          </Field>
        )}
        <Field
          label="Quantity"
          required
          description={`1 to ${EXTRA_LIMITS.quantity_max}; nights and guests are counted as the extra is priced.`}
          error={errors.quantity}
        >
          <NumberInput
            value={quantity}
            min={1}
            max={EXTRA_LIMITS.quantity_max}
            onValueChange={(value) => {
              setQuantity(value);
              setErrors((current) => ({
                ...current,
                quantity: value === null ? undefined : (extraQuantityMessage(value) ?? undefined),
              }));
            }}
          />
        </Field>
        <Field
          label="Note"
          description={`Optional, shown on the folio. ${note.length} / ${EXTRA_LIMITS.note_max} characters`}
          error={errors.note}
        >
          <Textarea rows={2} value={note} onChange={(event) => setNote(event.target.value)} />
        </Field>
        {preview ? (
          <div
            className="grid gap-1 rounded-lg border border-border bg-sand-50 p-4 text-sm"
            data-testid="charge-preview"
            aria-live="polite"
          >
            <div className="flex justify-between gap-4">
              <span>
                {preview.units} × {formatCurrency(preview.unit_amount)}
              </span>
              <span className="tabular-nums">{formatCurrency(preview.net_amount)}</span>
            </div>
            <div className="flex justify-between gap-4 text-muted-foreground">
              <span>{TAX_TREATMENT_LABELS[preview.tax_treatment]}: VAT and local tax</span>
              <span className="tabular-nums">
                {formatCurrency(
                  toPesos(toCentavos(preview.vat_amount) + toCentavos(preview.local_tax_amount)),
                )}
              </span>
            </div>
            <div className="flex justify-between gap-4 border-t border-border pt-2 text-base font-bold">
              <span>Amount</span>
              <span className="tabular-nums" data-testid="charge-preview-amount">
                {formatCurrency(preview.amount)}
              </span>
            </div>
          </div>
        ) : null}
        {formError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {formError}
          </p>
        ) : null}
      </form>
    </SimpleDialog>
  );
}
