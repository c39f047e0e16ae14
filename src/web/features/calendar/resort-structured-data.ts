import { useEffect } from 'react';
import { formatCurrency } from '../../../domain/format';
import type { PublicSettings } from '../../../domain/settings';
import type { PublicUnit } from '../../../domain/schemas/unit.schema';

/** schema.org data for the resort and its cabins (SPEC §2): public facts only, no guest data. */
export function resortStructuredData(
  settings: PublicSettings,
  units: readonly Pick<
    PublicUnit,
    'unit_id' | 'unit_name' | 'unit_type' | 'max_occupancy' | 'base_rate' | 'amenities'
  >[],
  origin: string,
): Record<string, unknown> {
  const rates = units.map((u) => u.base_rate).filter((r) => r > 0);
  const peso = (n: number) => formatCurrency(n, { wholePesos: true });
  const priceRange =
    rates.length === 0
      ? undefined
      : Math.min(...rates) === Math.max(...rates)
        ? `${peso(Math.min(...rates))} per night`
        : `${peso(Math.min(...rates))} - ${peso(Math.max(...rates))} per night`;
  const bookUrl = (unitId: string) =>
    `${origin}/guest-booking?unit_id=${encodeURIComponent(unitId)}`;

  return {
    '@context': 'https://schema.org',
    '@type': 'Resort',
    '@id': `${origin}/#resort`,
    name: settings.resort_name,
    description: settings.tagline,
    url: `${origin}/`,
    telephone: settings.contact_phone,
    email: settings.contact_email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: settings.address,
      addressCountry: 'PH',
    },
    ...(priceRange ? { priceRange } : {}),
    currenciesAccepted: 'PHP',
    paymentAccepted: 'GCash, Maya, Bank Transfer',
    checkinTime: settings.check_in_time,
    checkoutTime: settings.check_out_time,
    amenityFeature: [{ '@type': 'LocationFeatureSpecification', name: 'Beachfront', value: true }],
    numberOfRooms: units.length,
    containsPlace: units.map((u) => ({
      '@type': 'Accommodation',
      '@id': `${origin}/#unit-${u.unit_id}`,
      name: u.unit_name,
      accommodationCategory: u.unit_type,
      occupancy: { '@type': 'QuantitativeValue', maxValue: u.max_occupancy },
      ...(u.amenities && u.amenities.length > 0
        ? {
            amenityFeature: u.amenities.map((name) => ({
              '@type': 'LocationFeatureSpecification',
              name,
              value: true,
            })),
          }
        : {}),
    })),
    makesOffer: units.map((u) => ({
      '@type': 'Offer',
      name: `${u.unit_name}, per night`,
      url: bookUrl(u.unit_id),
      price: u.base_rate,
      priceCurrency: 'PHP',
      availability: 'https://schema.org/InStock',
      itemOffered: { '@id': `${origin}/#unit-${u.unit_id}` },
    })),
  };
}

const SCRIPT_ID = 'resort-structured-data';

/**
 * Puts the JSON-LD into <head> while the page is shown. A script of type application/ld+json is
 * data, never executed, so the CSP (script-src 'self') has nothing to block; it is created with
 * the DOM because index.html may carry no inline script.
 */
export function useStructuredData(data: Record<string, unknown> | null): void {
  const json = data ? JSON.stringify(data) : null;
  useEffect(() => {
    if (!json) return;
    const script = document.createElement('script');
    script.type = 'application/ld+json';
    script.id = SCRIPT_ID;
    script.textContent = json;
    document.getElementById(SCRIPT_ID)?.remove();
    document.head.appendChild(script);
    return () => script.remove();
  }, [json]);
}
