import { z } from 'zod';
import { REQUIRED, maxLengthMessage } from '../messages';
import { requiredTextField } from './common.schema';

/** Issue 19: the channels a cabin's calendar is synced with. */
export const CHANNELS = ['Airbnb', 'Booking.com', 'Agoda', 'VRBO', 'Other'] as const;
export type Channel = (typeof CHANNELS)[number];

/** How staff close a conflict between a channel's booking and a direct one (issue 19 §4). */
export const CONFLICT_RESOLUTIONS = ['moved', 'cancelled', 'handled_on_channel'] as const;
export type ConflictResolution = (typeof CONFLICT_RESOLUTIONS)[number];
export const CONFLICT_RESOLUTION_LABELS: Record<ConflictResolution, string> = {
  moved: 'Direct booking moved to another cabin',
  cancelled: 'Direct booking cancelled',
  handled_on_channel: 'Handled on the channel',
};

export const CHANNEL_MESSAGES = {
  urlInvalid: 'Please enter the feed address, starting with https:// or http://',
  channelInvalid: `Choose one of ${CHANNELS.join(', ')}`,
  resolutionInvalid: 'Choose how the conflict was resolved',
} as const;

export const FEED_URL_MAX = 2000;

/** A feed's address: http or https only, no credentials in it (they would be shown in logs). */
export const feedUrlField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(FEED_URL_MAX, maxLengthMessage(FEED_URL_MAX))
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') &&
      url.hostname !== '' &&
      url.username === '' &&
      url.password === ''
    );
  }, CHANNEL_MESSAGES.urlInvalid);

const channelField = z.enum(CHANNELS, { error: CHANNEL_MESSAGES.channelInvalid });

/** POST /api/units/:id/feeds (DESIGN §8). */
export const feedCreateSchema = z.object({
  name: requiredTextField(100),
  url: feedUrlField,
  channel: channelField,
});
export type FeedCreateInput = z.input<typeof feedCreateSchema>;
export type FeedCreate = z.output<typeof feedCreateSchema>;

/** PATCH /api/units/:id/feeds/:feedId: any of the fields; a URL left out keeps the saved one. */
export const feedUpdateSchema = z.object({
  name: requiredTextField(100).optional(),
  url: feedUrlField.optional(),
  channel: channelField.optional(),
});
export type FeedUpdate = z.output<typeof feedUpdateSchema>;

/** POST /api/channel-conflicts/:id/resolve. */
export const conflictResolveSchema = z.object({
  resolution: z.enum(CONFLICT_RESOLUTIONS, { error: CHANNEL_MESSAGES.resolutionInvalid }),
  note: requiredTextField(500),
});
export type ConflictResolveInput = z.input<typeof conflictResolveSchema>;
export type ConflictResolve = z.output<typeof conflictResolveSchema>;

/** A feed as staff see it: the URL masked once saved (issue 19 §5). */
export const feedSchema = z.object({
  feed_id: z.string(),
  unit_id: z.string(),
  name: z.string(),
  url_masked: z.string(),
  channel: z.enum(CHANNELS),
  last_synced_at: z.string().nullable(),
  last_success_at: z.string().nullable(),
  last_error: z.string().nullable(),
  event_count: z.number().int(),
  next_run_at: z.string(),
  /** Failing for more than 24 hours (issue 19 §4). */
  is_failing: z.boolean(),
  log: z.array(z.object({ level: z.string(), message: z.string(), created_at: z.string() })),
});
export type FeedDto = z.infer<typeof feedSchema>;

export const exportUrlSchema = z.object({ export_url: z.string().nullable() });
export type ExportUrlDto = z.infer<typeof exportUrlSchema>;

export const channelConflictSchema = z.object({
  hold_id: z.string(),
  unit_id: z.string(),
  unit_name: z.string(),
  feed_name: z.string(),
  channel: z.enum(CHANNELS),
  summary: z.string().nullable(),
  start_date: z.string(),
  /** The checkout day (exclusive), as the feed gives it. */
  end_date: z.string(),
  booking_references: z.array(z.string()),
  resolved_at: z.string().nullable(),
  resolution: z.enum(CONFLICT_RESOLUTIONS).nullable(),
  resolution_note: z.string().nullable(),
});
export type ChannelConflictDto = z.infer<typeof channelConflictSchema>;

/**
 * GET /api/channel-conflicts: open conflicts, every one with `all=true`; with `booking_id`, only
 * those over that booking's nights (the booking page's alert).
 */
export const conflictsQuerySchema = z.object({
  all: z.enum(['true', 'false']).optional(),
  booking_id: z.string().trim().min(1).max(100).optional(),
});
export type ConflictsQuery = z.output<typeof conflictsQuerySchema>;

/** GET /api/feeds/failing: a feed whose downloads have failed for more than 24 hours. */
export const failingFeedSchema = z.object({
  feed_id: z.string(),
  unit_id: z.string(),
  unit_name: z.string(),
  name: z.string(),
  channel: z.enum(CHANNELS),
  last_success_at: z.string().nullable(),
  last_error: z.string(),
});
export type FailingFeedDto = z.infer<typeof failingFeedSchema>;

/** Masks a saved feed URL: scheme and host stay, the secret path and query do not. */
export function maskFeedUrl(value: string): string {
  if (!URL.canParse(value)) return '••••••';
  const url = new URL(value);
  return `${url.protocol}//${url.host}/••••••`;
}
