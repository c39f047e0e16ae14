import { cn } from '../../lib/cn';
import { CabinPhoto } from '../public-site/cabin-photo';
import type { PublicUnit } from '../../../domain/schemas/unit.schema';

/** Issue 15: the chosen cabin's first photo and description under the cabin choice. */
export function SelectedCabin({ unit, className }: { unit: PublicUnit; className?: string }) {
  return (
    <div
      className={cn('flex min-w-0 gap-3 rounded-lg border border-border bg-surface p-3', className)}
      data-testid="selected-cabin"
    >
      <div className="aspect-[4/3] w-24 shrink-0 overflow-hidden rounded-md bg-sea-100 sm:w-32">
        <CabinPhoto unit={unit} />
      </div>
      <div className="grid min-w-0 content-start gap-1">
        <p className="font-medium">{unit.unit_name}</p>
        {unit.description ? (
          <p className="line-clamp-4 text-sm whitespace-pre-line text-muted-foreground">
            {unit.description}
          </p>
        ) : null}
      </div>
    </div>
  );
}
