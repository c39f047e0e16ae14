import { zodResolver } from '@hookform/resolvers/zod';
import { PenLine } from 'lucide-react';
import { useRef, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { FieldErrors } from 'react-hook-form';
import type { z } from 'zod';
import {
  MESSAGE_KIND_LABELS,
  MESSAGE_KINDS,
  MESSAGE_OFFSET_LIMITS,
  MESSAGE_PLACEHOLDERS,
  MESSAGE_SCHEDULE,
  isScheduledKind,
} from '../../../domain/messages-catalog';
import type { MessageKind, MessagesSettings } from '../../../domain/messages-catalog';
import { MESSAGE_LIMITS, messagesSettingsSchema } from '../../../domain/schemas/message.schema';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { InlineAlert } from '../../components/ui/inline-alert';
import { Input } from '../../components/ui/input';
import { NumberInput } from '../../components/ui/number-input';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/toast';
import { applyServerIssues } from '../../lib/form-errors';
import { formErrorMap } from '../../lib/form-messages';
import { cn } from '../../lib/cn';
import { insertAtCursor, placeholderToken } from '../messages/insert-at-cursor';
import {
  MESSAGE_KIND_WHEN,
  MESSAGE_PLACEHOLDER_LABELS,
  offsetLabel,
} from '../messages/message-labels';
import { MessagePreviewPanel } from './message-preview-panel';
import { SETTINGS_READ_ONLY_NOTE, SettingsSection, SettingsFormActions } from './settings-section';
import { useUpdateSettings } from './update-settings';

const checkboxClass =
  'size-5 shrink-0 rounded border-input-border accent-sea-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60';

type TemplateField = 'subject' | 'body';
type MessageSettingsInput = z.input<typeof messagesSettingsSchema>;

export interface MessagesSettingsFormProps {
  settings: MessagesSettings;
  canEdit: boolean;
}

/** The first message of a kind's template fields, to flag it in the list. */
function kindError(errors: FieldErrors<MessageSettingsInput>, kind: MessageKind): string | null {
  const e = errors.kinds?.[kind];
  return e?.subject?.message ?? e?.body?.message ?? e?.offset_days?.message ?? null;
}

/**
 * Issue 18 point 2, Settings → Messages (owners and administrators change it): each message
 * on or off with its timing, its subject and body with placeholders inserted at the caret, the
 * arrival information and the review link; a live preview with a real booking and a test send.
 */
export function MessagesSettingsForm({ settings, canEdit }: MessagesSettingsFormProps) {
  const update = useUpdateSettings();
  const [selected, setSelected] = useState<MessageKind>('pre_arrival');
  const lastField = useRef<{
    name: TemplateField;
    element: HTMLInputElement | HTMLTextAreaElement;
  } | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    formState: { errors, isDirty },
  } = useForm<MessageSettingsInput, unknown, MessagesSettings>({
    resolver: zodResolver(messagesSettingsSchema, { error: formErrorMap }),
    // The first values only: after a save the form resets to what the server kept.
    defaultValues: structuredClone(settings),
    disabled: !canEdit,
  });
  const subject = useWatch({ control, name: `kinds.${selected}.subject` }) ?? '';
  const body = useWatch({ control, name: `kinds.${selected}.body` }) ?? '';

  const onSubmit = (values: MessagesSettings) => {
    update.mutate(
      { messages: values },
      {
        onSuccess: (saved) => {
          if (saved.messages) reset(structuredClone(saved.messages));
          toast.success('Message settings saved');
        },
        onError: (error) => {
          const placed = applyServerIssues(error, setError, () => true, 'messages.');
          toast.error(placed > 0 ? 'Please correct the highlighted fields.' : error.message);
        },
      },
    );
  };

  /** A placeholder goes where the caret was in the subject or the body (the body at first). */
  const insertPlaceholder = (name: string) => {
    const target = lastField.current;
    const field: TemplateField = target?.name ?? 'body';
    const path = `kinds.${selected}.${field}` as const;
    const element = target?.element ?? document.getElementById(`message-${field}`);
    const current = getValues(path) ?? '';
    const isInput = element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement;
    const next = insertAtCursor(
      current,
      placeholderToken(name),
      isInput && target ? element.selectionStart : null,
      isInput && target ? element.selectionEnd : null,
    );
    setValue(path, next.value, {
      shouldDirty: true,
      shouldValidate: errors.kinds?.[selected]?.[field] !== undefined,
    });
    if (isInput) {
      // After React has written the new value.
      requestAnimationFrame(() => {
        element.focus();
        element.setSelectionRange(next.caret, next.caret);
      });
    }
  };

  const remember =
    (name: TemplateField) => (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
      lastField.current = { name, element: event.currentTarget };
    };

  const subjectField = register(`kinds.${selected}.subject`);
  const bodyField = register(`kinds.${selected}.body`);
  const kindErrors = errors.kinds?.[selected];

  return (
    <div className="grid gap-6">
      <form
        noValidate
        onSubmit={handleSubmit(onSubmit)}
        className="grid gap-4"
        aria-label="Message settings"
      >
        {canEdit ? null : <InlineAlert tone="info">{SETTINGS_READ_ONLY_NOTE}</InlineAlert>}

        <SettingsSection
          title="Messages to guests"
          description="Each e-mail goes once per booking, at its time; turn off the ones the resort sends itself."
        >
          <ul className="grid gap-3">
            {MESSAGE_KINDS.map((kind) => {
              const error = kindError(errors, kind);
              const schedule = isScheduledKind(kind) ? MESSAGE_SCHEDULE[kind] : null;
              return (
                <li
                  key={kind}
                  data-kind={kind}
                  className={cn(
                    'grid gap-3 rounded-lg border p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start',
                    kind === selected ? 'border-primary bg-accent/40' : 'border-border',
                  )}
                >
                  <div className="grid min-w-0 gap-2">
                    <label className="inline-flex min-h-10 w-fit items-center gap-2 text-sm font-medium">
                      <input
                        type="checkbox"
                        role="switch"
                        className={checkboxClass}
                        {...register(`kinds.${kind}.enabled`)}
                      />
                      {MESSAGE_KIND_LABELS[kind]}
                    </label>
                    <p className="text-sm text-muted-foreground">{MESSAGE_KIND_WHEN[kind]}</p>
                    {schedule ? (
                      <Controller
                        control={control}
                        name={`kinds.${kind}.offset_days`}
                        render={({ field, fieldState }) => (
                          <Field
                            label={offsetLabel(schedule)}
                            error={fieldState.error?.message}
                            className="max-w-56"
                          >
                            <NumberInput
                              value={field.value ?? null}
                              min={MESSAGE_OFFSET_LIMITS.min}
                              max={MESSAGE_OFFSET_LIMITS.max}
                              disabled={field.disabled}
                              onBlur={field.onBlur}
                              onValueChange={(value) => field.onChange(value ?? undefined)}
                            />
                          </Field>
                        )}
                      />
                    ) : null}
                    {error ? (
                      <p className="text-sm font-medium text-destructive">
                        {kind === selected ? error : `Template: ${error}`}
                      </p>
                    ) : null}
                  </div>
                  <Button
                    type="button"
                    variant={kind === selected ? 'secondary' : 'outline'}
                    size="sm"
                    aria-pressed={kind === selected}
                    onClick={() => {
                      setSelected(kind);
                      lastField.current = null;
                    }}
                  >
                    <PenLine aria-hidden="true" />
                    <span aria-hidden="true">{canEdit ? 'Edit template' : 'View template'}</span>
                    <span className="sr-only">
                      {`${canEdit ? 'Edit' : 'View'} template: ${MESSAGE_KIND_LABELS[kind]}`}
                    </span>
                  </Button>
                </li>
              );
            })}
          </ul>
        </SettingsSection>

        <SettingsSection
          title={`Template: ${MESSAGE_KIND_LABELS[selected]}`}
          description="Plain text; a blank line starts a new paragraph. Placeholders are filled in for each booking."
        >
          {/* One set of fields per kind: switching kinds mounts the chosen kind's fields. */}
          <div key={selected} className="grid min-w-0 gap-4">
            <Field
              label="Subject"
              required
              error={kindErrors?.subject?.message}
              id="message-subject"
            >
              <Input
                {...subjectField}
                maxLength={MESSAGE_LIMITS.subject}
                onFocus={remember('subject')}
                onSelect={remember('subject')}
              />
            </Field>
            <Field
              label="Message"
              required
              error={kindErrors?.body?.message}
              id="message-body"
              description={`${body.length} / ${MESSAGE_LIMITS.body} characters`}
            >
              <Textarea
                {...bodyField}
                rows={12}
                onFocus={remember('body')}
                onSelect={remember('body')}
              />
            </Field>
            {canEdit ? (
              <div className="grid gap-2">
                <p className="text-sm font-medium" id="placeholders-title">
                  Insert a placeholder
                </p>
                <ul aria-labelledby="placeholders-title" className="flex flex-wrap gap-2">
                  {MESSAGE_PLACEHOLDERS.map((name) => (
                    <li key={name}>
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        className="font-mono"
                        title={MESSAGE_PLACEHOLDER_LABELS[name]}
                        // Keeps the caret (and the selection) of the field being edited.
                        onMouseDown={(event) => event.preventDefault()}
                        onClick={() => insertPlaceholder(name)}
                      >
                        {placeholderToken(name)}
                        <span className="sr-only">: {MESSAGE_PLACEHOLDER_LABELS[name]}</span>
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        </SettingsSection>

        <SettingsSection
          title="Arrival and reviews"
          description="Filled in where a template says {{arrival_info}} and {{review_url}}."
        >
          <div className="grid gap-4">
            <Field
              label="Arrival information"
              description="Directions, the boat or van schedule, what to bring."
              error={errors.arrival_info?.message}
            >
              <Textarea rows={6} {...register('arrival_info')} />
            </Field>
            <Field
              label="Review link"
              description="Where guests review their stay (https://...), or empty."
              error={errors.review_url?.message}
            >
              <Input type="url" inputMode="url" {...register('review_url')} />
            </Field>
          </div>
        </SettingsSection>

        {canEdit ? (
          <SettingsFormActions
            saveLabel="Save Message Settings"
            isDirty={isDirty}
            isSaving={update.isPending}
            onDiscard={() => reset()}
          />
        ) : null}
      </form>
      {canEdit ? <MessagePreviewPanel kind={selected} subject={subject} body={body} /> : null}
    </div>
  );
}
