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
