import { useCallback, useEffect, useState } from 'react';
import { hasRoleAtLeast } from '../../../domain/constants';
import { overrideReasonField } from '../../../domain/schemas/stay-rule.schema';
import { Field } from '../../components/ui/field';
import { Textarea } from '../../components/ui/textarea';
import { isApiError } from '../../lib/api';
import type { ApiIssue } from '../../lib/api';
import { useCurrentUser } from '../auth/get-session';

export const OVERRIDE_REASON_LABEL = 'Reason for booking past the stay rule';

/**
 * Issue 21: the server refuses a stay that breaks a stay rule with 400 and its message at
 * check_in or check_out (the form's own checks have passed by then, so a date message from the
 * server is a rule's). Answers those issues, or none.
 */
export function stayRuleIssues(error: unknown): ApiIssue[] {
  if (!isApiError(error) || error.status !== 400) return [];
  return (error.issues ?? []).filter(
    (issue) => issue.path === 'check_in' || issue.path === 'check_out',
  );
}

/**
 * Issue 21: after a stay-rule refusal, a manager or higher may give a reason and send the stay
 * again with `override_reason` (audited); staff only read the rule's message. `refused(error)`
 * notes a refusal; `reasonToSend()` is the field to add to the next request (none when nothing
 * was refused or no reason is given; null when the reason is not acceptable, its message shown).
 */
export function useStayRuleOverride() {
  const user = useCurrentUser();
  const canOverride = hasRoleAtLeast(user?.role, 'manager');
  const [ruleMessage, setRuleMessage] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const refused = useCallback((answer: unknown): boolean => {
    const issues = stayRuleIssues(answer);
    if (issues.length === 0) return false;
    setRuleMessage(issues[0]?.message ?? null);
    return true;
  }, []);
  const clear = useCallback(() => setRuleMessage(null), []);

  return {
    canOverride,
    /** The rule's message of the last refusal (null once the stay is changed or booked). */
    ruleMessage,
    refused,
    /** The stay changed: the last refusal no longer speaks of it. */
    clear,
    reasonToSend: (): { override_reason?: string } | null => {
      if (!ruleMessage || !canOverride || reason.trim() === '') return {};
      const parsed = overrideReasonField.safeParse(reason);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? 'Give a reason');
        return null;
      }
      setError(null);
      return parsed.data ? { override_reason: parsed.data } : {};
    },
    field: (
      <StayRuleOverrideField
        shown={ruleMessage !== null}
        canOverride={canOverride}
        reason={reason}
        error={error}
        onChange={(value) => {
          setReason(value);
          setError(null);
        }}
      />
    ),
  };
}

/**
 * The price preview (POST /api/quote) applies the stay rules too: its refusal is the booking's
 * before it is sent, so the rule is said and a manager's reason asked for at once.
 */
export function useQuoteRuleRefusal(quoteError: unknown, refused: (answer: unknown) => boolean) {
  useEffect(() => {
    if (quoteError) refused(quoteError);
  }, [quoteError, refused]);
}

function StayRuleOverrideField({
  shown,
  canOverride,
  reason,
  error,
  onChange,
}: {
  shown: boolean;
  canOverride: boolean;
  reason: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  if (!shown) return null;
  if (!canOverride) {
    return (
      <p className="text-sm text-muted-foreground">
        Change the dates to meet the stay rule. Only a manager or higher can book past it.
      </p>
    );
  }
  return (
    <Field
      label={OVERRIDE_REASON_LABEL}
      description="To book these dates anyway, say why and submit again. The reason is kept in the audit trail."
      error={error ?? undefined}
    >
      <Textarea
        rows={2}
        maxLength={500}
        value={reason}
        onChange={(e) => onChange(e.target.value)}
      />
    </Field>
  );
}
