import { Link } from '../../lib/public-router';
import { Check, Users } from 'lucide-react';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button';
import { Card, CardContent, CardFooter, CardTitle } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatCurrency } from '../../../domain/format';
import { paths } from '../../lib/paths';
import { usePublicSettings } from '../public-settings/get-public-settings';
import type { PublicUnit } from '../../../domain/schemas/unit.schema';
import { rateTaxNote } from './rate-tax-note';
import { CabinPhoto } from './cabin-photo';

/** The lowest nightly rate a guest can pay for this cabin (weekend rates are never lower). */
export function fromRate(unit: PublicUnit): number {
  const rates = [unit.base_rate, unit.weekend_rate].filter((rate) => rate > 0);
  return rates.length > 0 ? Math.min(...rates) : 0;
}

export function CabinCard({ unit, index }: { unit: PublicUnit; index: number }) {
  const amenities = unit.amenities ?? [];
  const headingId = `cabin-${unit.unit_id}-name`;
  const extraGuests = unit.max_occupancy > unit.base_occupancy && unit.extra_person_rate > 0;
  const taxNote = rateTaxNote(usePublicSettings());

  return (
    <Card className="overflow-hidden" aria-labelledby={headingId} role="article">
      <div className="aspect-[16/9] w-full overflow-hidden bg-sea-100">
        <CabinPhoto unit={unit} variant={index} />
      </div>
      <CardContent className="grid flex-1 content-start gap-4 pt-5 sm:pt-6">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">{unit.unit_type}</Badge>
          </div>
          <CardTitle as="h3" id={headingId} className="text-xl">
            {unit.unit_name}
          </CardTitle>
          {unit.description ? (
            <p className="line-clamp-4 text-sm whitespace-pre-line text-muted-foreground">
              {unit.description}
            </p>
          ) : null}
        </div>

        <p className="text-sm text-muted-foreground">
          <span className="block text-2xl font-bold text-sea-800">
            <span className="text-sm font-medium text-muted-foreground">from </span>
            {formatCurrency(fromRate(unit), { wholePesos: true })}
            <span className="text-sm font-medium text-muted-foreground"> / night</span>
            {taxNote ? (
              <span className="text-sm font-medium text-muted-foreground" data-testid="rate-tax">
                {' '}
                {taxNote}
              </span>
            ) : null}
          </span>
          {unit.weekend_rate > unit.base_rate ? (
            <span className="block">
              Weekend nights {formatCurrency(unit.weekend_rate, { wholePesos: true })}
            </span>
          ) : null}
        </p>

        <p className="flex items-start gap-2 text-sm">
          <Users aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sea-700" />
          <span>
            Up to <strong>{unit.max_occupancy}</strong>{' '}
            {unit.max_occupancy === 1 ? 'guest' : 'guests'}
            {extraGuests ? (
              <span className="block text-muted-foreground">
                Rate covers {unit.base_occupancy}; extra guests{' '}
                {formatCurrency(unit.extra_person_rate, { wholePesos: true })} per night each
              </span>
            ) : null}
          </span>
        </p>

        {amenities.length > 0 ? (
          <div>
            <ul className="flex flex-wrap gap-1.5" aria-label={`Amenities of ${unit.unit_name}`}>
              {amenities.map((amenity) => (
                <li
                  key={amenity}
                  className="inline-flex items-center gap-1 rounded-full bg-accent px-2.5 py-1 text-xs font-medium text-accent-foreground"
                >
                  <Check aria-hidden="true" className="size-3" />
                  {amenity}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </CardContent>
      <CardFooter>
        <Link
          to={paths.guestBooking}
          search={{ unit_id: unit.unit_id }}
          className={buttonVariants({ className: 'w-full' })}
        >
          Book this cabin<span className="sr-only">: {unit.unit_name}</span>
        </Link>
      </CardFooter>
    </Card>
  );
}

export function CabinCardSkeleton() {
  return (
    <Card className="overflow-hidden">
      <Skeleton className="aspect-[16/9] w-full rounded-none" />
      <div className="grid gap-3 p-5 sm:p-6">
        <Skeleton className="h-5 w-20 rounded-full" />
        <Skeleton className="h-6 w-2/3" />
        <Skeleton className="h-8 w-1/2" />
        <Skeleton className="h-4 w-3/4" />
        <div className="flex gap-2">
          <Skeleton className="h-6 w-16 rounded-full" />
          <Skeleton className="h-6 w-20 rounded-full" />
          <Skeleton className="h-6 w-14 rounded-full" />
        </div>
        <Skeleton className="mt-2 h-10 w-full" />
      </div>
    </Card>
  );
}
