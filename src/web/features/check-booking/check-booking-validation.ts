import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { checkBookingSchema } from '../../../domain/schemas/check-booking.schema';

/* Loaded with a dynamic import on first interaction: zod is not needed to show the page. */

// zod's JIT probes `new Function`, which the CSP (script-src 'self') reports as a violation.
z.config({ jitless: true });

export const checkBookingResolver = zodResolver(checkBookingSchema);
