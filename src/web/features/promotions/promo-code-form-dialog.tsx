import type { FormEvent, ReactNode } from 'react';
import { PROMO_KINDS, type PromoKind } from '../../../domain/promo-codes';
import {
  promoCodeCreateSchema,
  promoCodeUpdateSchema,
  type PromoCodeDto,
} from '../../../domain/schemas/promo-code.schema';
import { choiceCheckboxClass } from '../../components/ui/choice-group';
import { CurrencyInput } from '../../components/ui/currency-input';
import { DatePicker } from '../../components/ui/date-picker';
import { FormDialog } from '../../components/ui/form-dialog';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { NumberField } from '../../components/ui/number-field';
import { NumberInput } from '../../components/ui/number-input';
import { Select } from '../../components/ui/select';
import { toast } from '../../components/ui/toast';
import { useDraftForm } from '../../lib/use-draft-form';
import { firstMessageByField } from '../../lib/form-errors';
import { CabinChoice } from '../units/cabin-choice';
import { useSavePromoCode } from './save-promo-code';

type FieldName =
  | 'code'
  | 'kind'
  | 'value'
  | 'book_from'
  | 'book_to'
  | 'stay_from'
  | 'stay_to'
  | 'min_nights'
  | 'unit_ids'
  | 'max_uses'
  | 'max_uses_per_email'
  | 'active';

const KIND_LABELS: Record<PromoKind, string> = {
  percent: 'Percentage off the stay',
  amount: 'Fixed peso amount off the stay',
};
const KIND_OPTIONS = PROMO_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }));

interface Draft {
  code: string;
  kind: PromoKind;
  value: number | null;
  bookFrom: string;
  bookTo: string;
  stayFrom: string;
  stayTo: string;
  minNights: number | null;
  unitIds: string[];
  maxUses: number | null;
  maxPerEmail: number | null;
  active: boolean;
}

/** The four optional dates: when the code can be used to book, and the stays it covers. */
const DATE_FIELDS = [
  { label: 'Book from', key: 'bookFrom', field: 'book_from' },
  { label: 'Book until', key: 'bookTo', field: 'book_to' },
  { label: 'Stays from', key: 'stayFrom', field: 'stay_from' },
  { label: 'Stays until', key: 'stayTo', field: 'stay_to' },
] as const satisfies readonly { label: string; key: keyof Draft; field: FieldName }[];

function draftOf(promo: PromoCodeDto | undefined): Draft {
  return {
    code: promo?.code ?? '',
    kind: promo?.kind ?? 'percent',
    value: promo?.value ?? null,
    bookFrom: promo?.book_from ?? '',
    bookTo: promo?.book_to ?? '',
    stayFrom: promo?.stay_from ?? '',
    stayTo: promo?.stay_to ?? '',
    minNights: promo?.min_nights ?? null,
    unitIds: [...(promo?.unit_ids ?? [])],
    maxUses: promo?.max_uses ?? null,
    maxPerEmail: promo?.max_uses_per_email ?? null,
    active: promo?.active ?? true,
  };
}

/**
 * Issue 21 point 2: add or edit a promo code (managers and up). The code cannot change once made
 * (bookings record it). The form checks with the server's own schemas and shows each field's
 * message, the server's too.
 */
export function PromoCodeFormDialog({
  promo,
  open,
  onOpenChange,
  trigger,
}: {
  promo?: PromoCodeDto | undefined;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: ReactNode;
}) {
  const save = useSavePromoCode();
  const { draft, set, errors, setErrors, formError, setFormError, reset, refused } = useDraftForm<
    Draft,
    FieldName
  >(() => draftOf(promo));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const fields = {
      kind: draft.kind,
      value: draft.value ?? undefined,
      book_from: draft.bookFrom || null,
      book_to: draft.bookTo || null,
      stay_from: draft.stayFrom || null,
      stay_to: draft.stayTo || null,
      min_nights: draft.minNights,
      unit_ids: draft.unitIds,
      max_uses: draft.maxUses,
      max_uses_per_email: draft.maxPerEmail,
      active: draft.active,
    };
    const parsed = promo
      ? promoCodeUpdateSchema.safeParse(fields)
      : promoCodeCreateSchema.safeParse({ code: draft.code, ...fields });
    if (!parsed.success) {
      setErrors(
        firstMessageByField<FieldName>(
          parsed.error.issues.map((issue) => ({
            path: issue.path.map(String).join('.'),
            message:
              issue.path[0] === 'value' && draft.value === null
                ? draft.kind === 'percent'
                  ? 'Enter the percentage'
                  : 'Enter the amount'
                : issue.message,
          })),
        ),
      );
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({
        promoCodeId: promo?.promo_code_id,
        body: parsed.data,
      });
      toast.success(promo ? `${saved.code} saved` : `${saved.code} added to the promotions`);
      onOpenChange(false);
      if (!promo) reset();
    } catch (error) {
      refused(error, 'The promo code was not saved.', 'code');
    }
  };

  const formId = promo ? `promo-form-${promo.promo_code_id}` : 'promo-form-new';
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      onClosed={reset}
      trigger={trigger}
      size="lg"
      title={promo ? `Edit ${promo.code}` : 'Add Promo Code'}
      description="Guests type the code on the booking form. It does not stack: a guest gets the larger of the automatic discount and the code. Leave a date or limit empty for none."
      formId={formId}
      submitLabel={promo ? 'Save Promo Code' : 'Add Promo Code'}
      pending={save.isPending}
      onSubmit={submit}
      formError={formError}
    >
      <Field
        label="Code"
        required={!promo}
        description={
          promo
            ? 'A code cannot change once made; add a new one instead.'
            : 'Letters, digits, hyphens or underscores; guests may type it in any case.'
        }
        error={errors.code}
      >
        <Input
          value={draft.code}
          readOnly={Boolean(promo)}
          maxLength={30}
          autoComplete="off"
          className="font-mono uppercase"
          onChange={(event) => set('code', event.target.value)}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Discount kind" required error={errors.kind}>
          <Select
            options={KIND_OPTIONS}
            value={draft.kind}
            onChange={(event) => set('kind', event.target.value as PromoKind)}
          />
        </Field>
        {draft.kind === 'percent' ? (
          <Field label="Discount (%)" required error={errors.value}>
            {(props) => (
              <NumberInput
                {...props}
                min={1}
                max={100}
                value={draft.value}
                onValueChange={(v) => set('value', v)}
              />
            )}
          </Field>
        ) : (
          <Field label="Discount (₱)" required error={errors.value}>
            {(props) => (
              <CurrencyInput
                {...props}
                value={draft.value}
                onValueChange={(v) => set('value', v)}
              />
            )}
          </Field>
        )}
        {DATE_FIELDS.map(({ label, key, field }) => (
          <Field key={key} label={label} error={errors[field]}>
            <DatePicker value={draft[key]} onChange={(e) => set(key, e.target.value)} />
          </Field>
        ))}
        <NumberField
          label="Minimum nights"
          error={errors.min_nights}
          min={1}
          max={365}
          value={draft.minNights}
          onValueChange={(v) => set('minNights', v)}
        />
        <NumberField
          label="Total uses"
          description="Empty for no limit."
          error={errors.max_uses}
          min={1}
          max={1_000_000}
          value={draft.maxUses}
          onValueChange={(v) => set('maxUses', v)}
        />
        <NumberField
          label="Uses per guest e-mail"
          description="Empty for no limit."
          error={errors.max_uses_per_email}
          min={1}
          max={1_000_000}
          value={draft.maxPerEmail}
          onValueChange={(v) => set('maxPerEmail', v)}
        />
      </div>
      <CabinChoice
        legend="Cabins"
        value={draft.unitIds}
        onChange={(ids) => set('unitIds', ids)}
        error={errors.unit_ids}
      />
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className={`mt-0.5 ${choiceCheckboxClass}`}
          checked={draft.active}
          onChange={(event) => set('active', event.target.checked)}
        />
        <span className="grid gap-0.5">
          <span className="font-medium">Active</span>
          <span className="text-muted-foreground">
            A paused code is refused on the booking form until it is resumed.
          </span>
        </span>
      </label>
    </FormDialog>
  );
}
