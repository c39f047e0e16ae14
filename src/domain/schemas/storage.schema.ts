import { z } from 'zod';

/** DESIGN §5 `PUT /api/storage/upload/<bucket>/<path>?token=`: the object as stored. */
export const storedObjectSchema = z.object({
  bucket: z.string(),
  path: z.string(),
  size: z.number().int(),
  content_type: z.string(),
});
export type StoredObject = z.infer<typeof storedObjectSchema>;

export const storageUploadParamsSchema = z.object({ bucket: z.string(), '*': z.string() });
export const storageUploadQuerySchema = z.object({ token: z.string().optional() });
