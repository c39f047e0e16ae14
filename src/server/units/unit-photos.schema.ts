import { z } from 'zod';

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
