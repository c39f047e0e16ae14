import { z } from 'zod';
import { maxLengthMessage } from '../messages';
import { clearableTextField, idField } from './common.schema';

/** Issue 15: a cabin shows at most this many photos. */
export const MAX_UNIT_PHOTOS = 8;
/** Alternative text of a photo, read aloud instead of the picture. */
export const PHOTO_ALT_TEXT_MAX = 200;

export const UNIT_PHOTO_MESSAGES = {
  limit: `A cabin can have at most ${MAX_UNIT_PHOTOS} photos. Delete one before adding another.`,
  invalidType: 'Invalid file type. Please upload a JPG, PNG or WebP photo.',
  required: 'Please choose a photo to upload.',
  notFound: 'Photo not found',
  orderMismatch: "The cabin's photos have changed. Refresh the page and try again.",
} as const;

/** PATCH /api/units/:id/photos/order: every photo of the cabin, first one first. */
export const unitPhotoOrderSchema = z.object({
  photo_ids: z
    .array(idField('Select a photo'))
    .min(1, 'Select a photo')
    .max(MAX_UNIT_PHOTOS, `At most ${MAX_UNIT_PHOTOS} photos`),
});
export type UnitPhotoOrder = z.output<typeof unitPhotoOrderSchema>;

/** PATCH /api/units/:id/photos/:photo_id: the alternative text ('' or null clears it). */
export const unitPhotoUpdateSchema = z.object({
  alt_text: clearableTextField(PHOTO_ALT_TEXT_MAX, maxLengthMessage(PHOTO_ALT_TEXT_MAX)),
});
export type UnitPhotoUpdateInput = z.input<typeof unitPhotoUpdateSchema>;
export type UnitPhotoUpdate = z.output<typeof unitPhotoUpdateSchema>;

/** A cabin photo as every unit answer shows it (issue 15); URLs are public and cacheable. */
export const unitPhotoSchema = z.object({
  photo_id: z.string(),
  /** The large variant (at most 1600 px on its longer side). */
  url: z.string(),
  /** The card variant (at most 640 px). */
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  thumb_width: z.number().int(),
  thumb_height: z.number().int(),
  alt_text: z.string().nullable(),
  position: z.number().int(),
});
export type UnitPhotoDto = z.infer<typeof unitPhotoSchema>;

export const unitPhotoListSchema = z.object({ data: z.array(unitPhotoSchema) });

/** Ids are any text: one that is not a uuid is a photo that does not exist (404). */
export const unitPhotoParamsSchema = z.object({
  id: z.string().max(100),
  photo_id: z.string().max(100),
});

export const photoKeyParamsSchema = z.object({ key: z.string().max(200) });
