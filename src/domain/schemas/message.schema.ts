import { z } from 'zod';
import {
  MESSAGE_KINDS,
  MESSAGE_OFFSET_LIMITS,
  MESSAGE_STATUSES,
  ONE_OFF_KIND,
  SCHEDULED_MESSAGE_KINDS,
  unknownPlaceholderMessage,
  unknownPlaceholders,
  type MessageKind,
} from '../messages-catalog';

/** Issue 18 messages: Settings → Messages, a booking's messages, preview, test, unsubscribe. */

export const MESSAGE_LIMITS = {
  subject: 200,
  body: 10_000,
  arrival_info: 4000,
  review_url: 2000,
} as const;

export const MESSAGE_SCHEMA_MESSAGES = {
  subjectRequired: 'Please enter a subject',
  subjectTooLong: `The subject must be at most ${MESSAGE_LIMITS.subject} characters`,
  bodyRequired: 'Please enter the message',
  bodyTooLong: `The message must be at most ${MESSAGE_LIMITS.body} characters`,
  arrivalInfoTooLong: `The arrival information must be at most ${MESSAGE_LIMITS.arrival_info} characters`,
  reviewUrl: 'Enter a link that starts with https://, or leave it empty',
  offsetDays: `Days must be a whole number from ${MESSAGE_OFFSET_LIMITS.min} to ${MESSAGE_OFFSET_LIMITS.max}`,
  kind: 'Choose one of the messages',
} as const;

/** A template's text: its placeholders must all exist (400 naming the first unknown one). */
function templateField(max: number, required: string, tooLong: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(max, tooLong)
    .superRefine((value, ctx) => {
      const [unknown] = unknownPlaceholders(value);
      if (unknown !== undefined)
        ctx.addIssue({ code: 'custom', message: unknownPlaceholderMessage(unknown) });
    });
}

export const messageSubjectField = templateField(
  MESSAGE_LIMITS.subject,
  MESSAGE_SCHEMA_MESSAGES.subjectRequired,
  MESSAGE_SCHEMA_MESSAGES.subjectTooLong,
).refine((value) => !/[\r\n]/.test(value), 'The subject must be one line');
export const messageBodyField = templateField(
  MESSAGE_LIMITS.body,
  MESSAGE_SCHEMA_MESSAGES.bodyRequired,
  MESSAGE_SCHEMA_MESSAGES.bodyTooLong,
);

export const messageKindField = z.enum(MESSAGE_KINDS, { error: MESSAGE_SCHEMA_MESSAGES.kind });

const offsetDaysField = z
  .number({ error: MESSAGE_SCHEMA_MESSAGES.offsetDays })
  .int(MESSAGE_SCHEMA_MESSAGES.offsetDays)
  .min(MESSAGE_OFFSET_LIMITS.min, MESSAGE_SCHEMA_MESSAGES.offsetDays)
  .max(MESSAGE_OFFSET_LIMITS.max, MESSAGE_SCHEMA_MESSAGES.offsetDays);

export const messageKindSettingsSchema = z.object({
  enabled: z.boolean(),
  offset_days: offsetDaysField.optional(),
  subject: messageSubjectField,
  body: messageBodyField,
});

const reviewUrlField = z
  .string()
  .trim()
  .max(MESSAGE_LIMITS.review_url, MESSAGE_SCHEMA_MESSAGES.reviewUrl)
  .refine((value) => {
    if (value === '') return true;
    try {
      return new URL(value).protocol === 'https:';
    } catch {
      return false;
    }
  }, MESSAGE_SCHEMA_MESSAGES.reviewUrl);

const arrivalInfoField = z
  .string()
  .trim()
  .max(MESSAGE_LIMITS.arrival_info, MESSAGE_SCHEMA_MESSAGES.arrivalInfoTooLong);

const kindsShape = Object.fromEntries(
  MESSAGE_KINDS.map((kind) => [kind, messageKindSettingsSchema]),
) as Record<MessageKind, typeof messageKindSettingsSchema>;

/** The `messages` group of GET /api/settings (and the stored, merged value). */
export const messagesSettingsSchema = z.object({
  arrival_info: arrivalInfoField,
  review_url: reviewUrlField,
  kinds: z.object(kindsShape),
});

const kindPatchSchema = messageKindSettingsSchema.partial().strict();
const kindsPatchShape = Object.fromEntries(
  MESSAGE_KINDS.map((kind) => [kind, kindPatchSchema.optional()]),
) as Record<MessageKind, z.ZodOptional<typeof kindPatchSchema>>;

/** PATCH /api/settings `messages`: any field of any kind; the rest stays. */
export const messagesPatchSchema = z
  .object({
    arrival_info: arrivalInfoField,
    review_url: reviewUrlField,
    kinds: z.object(kindsPatchShape).strict(),
  })
  .partial()
  .strict()
  .superRefine((patch, ctx) => {
    for (const [kind, value] of Object.entries(patch.kinds ?? {})) {
      const scheduled = (SCHEDULED_MESSAGE_KINDS as readonly string[]).includes(kind);
      if (value?.offset_days !== undefined && !scheduled) {
        ctx.addIssue({
          code: 'custom',
          path: ['kinds', kind, 'offset_days'],
          message: 'Only the scheduled messages have a timing',
        });
      }
    }
  });
export type MessagesPatch = z.output<typeof messagesPatchSchema>;

export const messageDtoSchema = z.object({
  message_id: z.string(),
  kind: z.enum([...MESSAGE_KINDS, ONE_OFF_KIND]),
  status: z.enum(MESSAGE_STATUSES),
  scheduled_at: z.string(),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
  subject: z.string().nullable(),
  is_resend: z.boolean(),
  created_by_name: z.string().nullable(),
});
export type MessageDto = z.infer<typeof messageDtoSchema>;

export const messageListResponseSchema = z.object({ data: z.array(messageDtoSchema) });
export const messageResponseSchema = z.object({ data: messageDtoSchema });

/** POST /api/bookings/:id/messages: a one-off e-mail (its text is sent as written). */
export const oneOffMessageSchema = z
  .object({
    subject: messageSubjectField,
    body: messageBodyField,
  })
  .strict();
export type OneOffMessage = z.output<typeof oneOffMessageSchema>;

const bookingIdField = z.string().uuid('Choose a booking');

/** POST /api/messages/preview: a template rendered with a real booking. */
export const messagePreviewSchema = z
  .object({
    kind: messageKindField,
    subject: messageSubjectField,
    body: messageBodyField,
    booking_id: bookingIdField,
  })
  .strict();
export type MessagePreviewBody = z.output<typeof messagePreviewSchema>;

/** POST /api/messages/test: the same, sent to the signed-in user (a sample booking when none). */
export const messageTestSchema = z
  .object({
    kind: messageKindField,
    subject: messageSubjectField,
    body: messageBodyField,
    booking_id: bookingIdField.optional(),
  })
  .strict();
export type MessageTestBody = z.output<typeof messageTestSchema>;

export const renderedMessageSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type RenderedMessage = z.infer<typeof renderedMessageSchema>;
export const messagePreviewResponseSchema = z.object({ data: renderedMessageSchema });
export const messageTestResponseSchema = z.object({ data: z.object({ sent_to: z.string() }) });

export const unsubscribeDtoSchema = z.object({
  email_masked: z.string(),
  kind: messageKindField,
  unsubscribed: z.boolean(),
});
export type UnsubscribeDto = z.infer<typeof unsubscribeDtoSchema>;
export const unsubscribeResponseSchema = z.object({ data: unsubscribeDtoSchema });
