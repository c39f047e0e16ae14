import { z } from 'zod';
import { makeGuestBookingSchema } from '../../../domain/schemas/guest-booking.schema';

/*
 * The zod half of the form, loaded with a dynamic import on the guest's first interaction: zod is
 * about 43 KB gzipped, a third of what a phone downloads for this page, and nothing needs it until
 * a field is validated.
 */

// zod's JIT probes `new Function`, which the CSP (script-src 'self') reports as a violation.
z.config({ jitless: true });

export { makeGuestBookingSchema };
