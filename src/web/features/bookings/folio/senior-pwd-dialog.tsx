import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SimpleDialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NumberInput } from '../../../components/ui/number-input';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api';
import type { BookingDetailDto as BookingDetail } from '../../../../domain/schemas/booking.schema';
import { hasSeniorPwdIssues, SENIOR_PWD_ID_MAX, seniorPwdFormIssues } from './folio-view';
import type { SeniorPwdFormIssues } from './folio-view';
import { useSetSeniorPwd } from './set-senior-pwd';

export interface SeniorPwdDialogProps {
  booking: BookingDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

const NO_ISSUES: SeniorPwdFormIssues = { eligible_guests: null, id_numbers: [] };

/** The server's per-field messages (`eligible_guests`, `id_numbers.<n>`) on the form's fields. */
function serverIssues(error: unknown): SeniorPwdFormIssues | null {
  if (!isApiError(error) || !error.issues) return null;
  const issues: SeniorPwdFormIssues = { eligible_guests: null, id_numbers: [] };
  let placed = false;
  for (const issue of error.issues) {
    if (issue.path === 'eligible_guests') {
      issues.eligible_guests ??= issue.message;
      placed = true;
      continue;
    }
    const match = /^id_numbers(?:\.(\d+))?$/.exec(issue.path);
    if (match) {
      const index = Number(match[1] ?? 0);
      issues.id_numbers[index] ??= issue.message;
      placed = true;
    }
  }
  return placed ? issues : null;
}

/**
 * RA 9994 and RA 10754 (decision 0017): a manager records how many of the booking's guests hold
 * a senior citizen or PWD ID, one ID number each; the server re-prices their share of the
 * lodging (VAT-exempt, 20% off), replacing any earlier split.
 */
export function SeniorPwdDialog({ booking, open, onOpenChange }: SeniorPwdDialogProps) {
  const setSeniorPwd = useSetSeniorPwd(booking.booking_id);
  const guests = booking.num_guests;
  const [eligible, setEligible] = useState<number | null>(0);
  const [idNumbers, setIdNumbers] = useState<string[]>([]);
  const [issues, setIssues] = useState<SeniorPwdFormIssues>(NO_ISSUES);
  const [formError, setFormError] = useState<string | null>(null);

  const shown =
    eligible !== null && Number.isInteger(eligible) && eligible >= 0 && eligible <= guests
      ? eligible
      : 0;

  const submit = () => {
    setFormError(null);
    const found = seniorPwdFormIssues(eligible, guests, idNumbers);
    setIssues(found);
    if (hasSeniorPwdIssues(found) || eligible === null) return;
    const body = {
      eligible_guests: eligible,
      id_numbers: Array.from({ length: eligible }, (_, index) => (idNumbers[index] ?? '').trim()),
    };
    setSeniorPwd.mutate(body, {
      onSuccess: () => {
        toast.success(
          eligible === 0
            ? 'Senior citizen/PWD discount removed; the lodging is re-priced.'
            : `Senior citizen/PWD discount applied for ${eligible} of ${guests} guests.`,
        );
        onOpenChange(false);
      },
      onError: (failure) => {
        const atFields = serverIssues(failure);
        if (atFields) setIssues(atFields);
        else setFormError(failure instanceof Error ? failure.message : 'Nothing was changed.');
      },
    });
  };

  return (
    <SimpleDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Senior citizen and PWD discount"
      description={`Guests of ${booking.booking_reference} holding a senior citizen or PWD ID: their share of the lodging is VAT-exempt and 20% off. This replaces any earlier discount.`}
      footer={
        <>
          <Button
            variant="outline"
            onClick={() => onOpenChange(false)}
            disabled={setSeniorPwd.isPending}
          >
            Cancel
          </Button>
          <Button onClick={submit} loading={setSeniorPwd.isPending} loadingText="Saving...">
            Apply
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
        <Field
          label="Eligible guests"
          required
          description={`0 to ${guests} of the booking's ${guests} ${guests === 1 ? 'guest' : 'guests'}.`}
          error={issues.eligible_guests ?? undefined}
        >
          <NumberInput
            value={eligible}
            min={0}
            max={guests}
            onValueChange={(value) => {
              setEligible(value);
              setIssues((current) => ({ ...current, eligible_guests: null }));
            }}
          />
        </Field>
        {Array.from({ length: shown }, (_, index) => (
          <Field
            key={index}
            label={`ID number of eligible guest ${index + 1}`}
            required
            error={issues.id_numbers[index] ?? undefined}
          >
            <Input
              value={idNumbers[index] ?? ''}
              maxLength={SENIOR_PWD_ID_MAX + 10}
              autoComplete="off"
              onChange={(event) => {
                const next = [...idNumbers];
                next[index] = event.target.value;
                setIdNumbers(next);
                setIssues((current) => {
                  const ids = [...current.id_numbers];
                  ids[index] = null;
                  return { ...current, id_numbers: ids };
                });
              }}
            />
          </Field>
        ))}
        {formError ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {formError}
          </p>
        ) : null}
      </form>
    </SimpleDialog>
  );
}
