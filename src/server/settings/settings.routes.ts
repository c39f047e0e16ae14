import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { settingsPatchSchema, settingsResponseSchema } from '../../domain/schemas/settings.schema';
import { publicSettingsSchema } from '../../domain/settings';
import { requireRole } from '../http/guards';
import { publicRateLimit } from '../http/rate-limit';
import { actorContext } from '../http/request-context';
import { appVersion } from '../paths';
import { PERMISSION_MESSAGES } from '../../domain/permissions';

/** The resort profile the public pages render from (terms, privacy, home). */
export const settingsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/public/settings',
    {
      config: publicRateLimit(app.deps.config, 'read'),
      schema: { tags: ['public'], response: { 200: z.object({ data: publicSettingsSchema }) } },
    },
    async () => {
      const { general, pricing, payment_instructions } = await app.deps.settings.getAll();
      // Issue 15: public prices say whether the taxes are added, included or not charged.
      const { tax_mode, vat_rate, local_tax_rate, deposit, non_refundable } = pricing;
      // Issue 17: the guest pages say what to pay now and later, and how.
      return {
        data: {
          ...general,
          version: appVersion,
          tax_mode,
          vat_rate,
          local_tax_rate,
          deposit,
          payment_instructions,
          // Issue 21: the guest form offers the non-refundable rate only when it is on.
          non_refundable,
        },
      };
    },
  );
};

/** DESIGN §3 settings: every member of staff reads them; owners and administrators change them. */
export const settingsStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/settings',
    {
      onRequest: requireRole('staff'),
      schema: { tags: ['settings'], response: { 200: settingsResponseSchema } },
    },
    async () => app.deps.settings.getAll(),
  );

  app.patch(
    '/api/settings',
    {
      onRequest: requireRole('owner', PERMISSION_MESSAGES.settingsChange),
      schema: {
        tags: ['settings'],
        body: settingsPatchSchema,
        response: { 200: settingsResponseSchema },
      },
    },
    async (request) => app.deps.settings.update(request.body, actorContext(app, request)),
  );
};
