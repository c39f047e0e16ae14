import type { TaxTreatment } from '../../../domain/folio';
import type { ExtraChargePer } from '../../../domain/schemas/extra.schema';

/** How an extra is charged, as the catalogue and its form say it. */
export const CHARGE_PER_LABELS: Record<ExtraChargePer, string> = {
  stay: 'per stay',
  night: 'per night',
  person: 'per guest',
  person_night: 'per guest per night',
};

export const TAX_TREATMENT_LABELS: Record<TaxTreatment, string> = {
  vatable: 'VATable (VAT and local tax added)',
  exempt: 'VAT-exempt (no tax added)',
  zero_rated: 'Zero-rated (no tax added)',
};

export const TAX_TREATMENT_SHORT: Record<TaxTreatment, string> = {
  vatable: 'VATable',
  exempt: 'VAT-exempt',
  zero_rated: 'Zero-rated',
};
