import { cn } from '../../lib/cn';
import type { UnitPhotoDto as UnitPhoto } from '../../../domain/schemas/unit-photo.schema';
import { CabinIllustration } from './cabin-illustration';

/**
 * Issue 15: a cabin's first photo (its card variant), or the shared drawing when it has none. The
 * caller sizes the box (an aspect ratio), so nothing moves when the image arrives.
 */
export function CabinPhoto({
  unit,
  variant = 0,
  className,
}: {
  unit: { unit_name: string; photos?: readonly UnitPhoto[] | undefined };
  /** Which drawing to fall back to. */
  variant?: number;
  className?: string;
}) {
  const photo = unit.photos?.[0];
  if (!photo) return <CabinIllustration variant={variant} className={className} />;
  return (
    <img
      src={photo.thumb_url}
      width={photo.thumb_width}
      height={photo.thumb_height}
      alt={photo.alt_text ?? unit.unit_name}
      loading="lazy"
      decoding="async"
      className={cn('block h-full w-full object-cover', className)}
    />
  );
}
