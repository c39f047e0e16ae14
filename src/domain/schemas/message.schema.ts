import { z } from 'zod';
import { LIMITS } from '../constants';
import {
  MESSAGE_KINDS,
  MESSAGE_LIMITS,
  MESSAGE_STATUSES,
  ONE_OFF_MESSAGE_KIND,
  unknownPlaceholderMessage,
  unknownPlaceholders,
} from '../messages-catalog';
import { REQUIRED, maxLengthMessage } from '../messages';
import { idField } from './common.schema';

/** Issue 18: guest messages, their templates in the settings and the booking's message list. */

export const MESSAGE_MESSAGES = {
  offsetDays: `Days must be a whole number from ${MESSAGE_LIMITS.offset_days_min} to ${MESSAGE_LIMITS.offset_days_max}`,
  reviewUrl: 'Enter a web address starting with https://, or leave it empty',
  kind: 'Choose a message kind',
} as const;

/** A template text: required, at most `max` characters, only known placeholders. */
function templateField(max: number) {
  return z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(max, maxLengthMessage(max))
    .superRefine((text, context) => {
      const unknown = unknownPlaceholders(text);
      if (unknown.length > 0)
        context.addIssue({ code: 'custom', message: unknownPlaceholderMessage(unknown) });
    });
}

export const messageSubjectField = templateField(MESSAGE_LIMITS.subject_max);
export const messageBodyField = templateField(MESSAGE_LIMITS.body_max);

export const messageOffsetDaysField = z
  .number({ error: MESSAGE_MESSAGES.offsetDays })
  .int(MESSAGE_MESSAGES.offsetDays)
  .min(MESSAGE_LIMITS.offset_days_min, MESSAGE_MESSAGES.offsetDays)
  .max(MESSAGE_LIMITS.offset_days_max, MESSAGE_MESSAGES.offsetDays);

export const messageKindSettingsSchema = z.object({
  enabled: z.boolean(),
  offset_days: messageOffsetDaysField.optional(),
  subject: messageSubjectField,
  body: messageBodyField,
});
export type MessageKindSettings = z.output<typeof messageKindSettingsSchema>;

export const messageKindSchema = z.enum(MESSAGE_KINDS, { error: MESSAGE_MESSAGES.kind });

/** The `messages` group of the settings (GET and PATCH /api/settings). */
export const messageSettingsSchema = z.object({
  arrival_info: z
    .string()
    .trim()
    .max(MESSAGE_LIMITS.arrival_info_max, maxLengthMessage(MESSAGE_LIMITS.arrival_info_max)),
  review_url: z
    .string()
    .trim()
    .max(LIMITS.url_max, MESSAGE_MESSAGES.reviewUrl)
    .refine((url) => url === '' || isHttpsUrl(url), MESSAGE_MESSAGES.reviewUrl),
  kinds: z.object(
    Object.fromEntries(MESSAGE_KINDS.map((kind) => [kind, messageKindSettingsSchema])) as Record<
      (typeof MESSAGE_KINDS)[number],
      typeof messageKindSettingsSchema
    >,
  ),
});
export type MessageSettings = z.output<typeof messageSettingsSchema>;
export type MessageSettingsInput = z.input<typeof messageSettingsSchema>;

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '';
  } catch {
    return false;
  }
}

/** One message of a booking, as GET /api/bookings/:id/messages answers it. */
export const guestMessageDtoSchema = z.object({
  message_id: z.string(),
  kind: z.enum([...MESSAGE_KINDS, ONE_OFF_MESSAGE_KIND]),
  status: z.enum(MESSAGE_STATUSES),
  scheduled_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  error: z.string().nullable(),
  subject: z.string().nullable(),
  is_resend: z.boolean(),
  created_by_name: z.string().nullable(),
});
export type GuestMessageDto = z.output<typeof guestMessageDtoSchema>;

export const guestMessagesResponseSchema = z.object({ data: z.array(guestMessageDtoSchema) });
export const guestMessageResponseSchema = z.object({ data: guestMessageDtoSchema });

/** POST /api/bookings/:id/messages: a one-off e-mail to the guest (placeholders allowed). */
export const oneOffMessageSchema = z.object({
  subject: messageSubjectField,
  body: messageBodyField,
});
export type OneOffMessageInput = z.input<typeof oneOffMessageSchema>;
export type OneOffMessage = z.output<typeof oneOffMessageSchema>;

/** POST /api/messages/preview (owners and up). */
export const messagePreviewRequestSchema = z.object({
  kind: messageKindSchema,
  subject: messageSubjectField,
  body: messageBodyField,
  booking_id: idField('Choose a booking'),
});
export type MessagePreviewRequest = z.output<typeof messagePreviewRequestSchema>;

export const messagePreviewSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type MessagePreview = z.output<typeof messagePreviewSchema>;
export const messagePreviewResponseSchema = z.object({ data: messagePreviewSchema });

/** POST /api/messages/test (owners and up): the rendered mail to the signed-in user. */
export const messageTestRequestSchema = z.object({
  kind: messageKindSchema,
  subject: messageSubjectField,
  body: messageBodyField,
  booking_id: idField('Choose a booking').optional(),
});
export type MessageTestRequest = z.output<typeof messageTestRequestSchema>;
export const messageTestResponseSchema = z.object({ data: z.object({ sent_to: z.string() }) });

/** GET /api/public/unsubscribe/:token (no sign-in). */
export const unsubscribeInfoSchema = z.object({
  email_masked: z.string(),
  kind: messageKindSchema,
  unsubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.output<typeof unsubscribeInfoSchema>;
export const unsubscribeInfoResponseSchema = z.object({ data: unsubscribeInfoSchema });
