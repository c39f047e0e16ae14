import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import helmet from 'helmet';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createAuth } from './auth/auth';
import { authRoutes } from './auth/auth.routes';
import { bookingsRoutes } from './bookings/bookings.routes';
import { folioRoutes } from './folio/folio.routes';
import { documentsPublicRoutes, documentsRoutes } from './documents/documents.routes';
import { paymentsRoutes } from './payments/payments.routes';
import { guestsRoutes } from './guests/guests.routes';
import { auditRoutes } from './audit/audit.routes';
import type { Config } from './config';
import type { Database } from './db/client';
import { installCsrfProtection } from './http/csrf';
import { installErrorHandling } from './http/error-handler';
import { databaseRateLimitStore } from './http/rate-limit';
import { createBookingCreationService } from './bookings/booking-creation.service';
import { calendarRoutes } from './calendar/calendar.routes';
import { captchaRoutes } from './captcha/captcha.routes';
import { createCaptchaService } from './captcha/captcha.service';
import { createSystemClock, type Clock } from './clock';
import type { AppDeps } from './deps';
import { guestBookingRoutes } from './guest-booking/guest-booking.routes';
import { createGuestBookingService } from './guest-booking/guest-booking.service';
import {
  RECURRING_TASKS,
  registerRecurringTasks,
  scheduleRecurringTasks,
} from './jobs/expire-unpaid-guest-bookings';
import { createJobsService } from './jobs/jobs.service';
import { jobsRoutes } from './jobs/jobs.routes';
import { createQueuedMailer, registerMailDelivery } from './mail/mail-delivery';
import { createMailer } from './mail/mailer';
import { messagesRoutes } from './messages/messages.routes';
import { planBookingMessages, registerGuestMessageJob } from './messages/messages.service';
import { quoteRoutes } from './quote/quote.routes';
import { storageRoutes } from './storage/storage.routes';
import { createStorageService } from './storage/storage.service';
import { installActorContext } from './http/guards';
import { findPrerenderedPages } from './http/prerendered-pages';
import { installRouteTable } from './http/route-table';
import { notificationsRoutes } from './notifications/notifications.routes';
import { healthRoutes } from './health/health.routes';
import { appVersion, prerenderedPagesPath, webDistPath } from './paths';
import { createSettingsService } from './settings/settings.service';
import { registerGuestRevenueRedaction } from './settings/revenue-redaction';
import { paymentQrRoutes } from './settings/payment-qr.routes';
import { settingsPublicRoutes, settingsStaffRoutes } from './settings/settings.routes';
import { unitsPublicRoutes } from './units/units.public.routes';
import { unitsRoutes } from './units/units.routes';
import { getUnitsByIds } from './units/units.service';
import { unitPhotosRoutes } from './units/unit-photos.routes';
import { housekeepingRoutes } from './units/housekeeping.routes';
import { maintenanceRoutes } from './maintenance/maintenance.routes';
import { blackoutsRoutes } from './blackouts/blackouts.routes';
import { channelsRoutes } from './channels/channels.routes';
import { syncDueFeeds } from './channels/channels.service';
import { availabilityRoutes } from './availability/availability.routes';
import { expensesRoutes } from './expenses/expenses.routes';
import { extrasRoutes } from './extras/extras.routes';
import { stayRulesRoutes } from './stay-rules/stay-rules.routes';
import { promoCodesRoutes } from './promo-codes/promo-codes.routes';
import { reportsRoutes } from './reports/reports.routes';
import { eventsRoutes } from './events/events.routes';
import { frontDeskRoutes } from './front-desk/front-desk.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { profileRoutes, usersRoutes } from './users/users.routes';
import { auditLogsRoutes } from './audit/audit-logs.routes';

/** Every service the features share, each built once from the configuration and database. */
export function createAppDeps(options: {
  config: Config;
  database: Database;
  clock?: Clock;
  log: FastifyBaseLogger;
}): AppDeps {
  const { config, database } = options;
  const clock = options.clock ?? createSystemClock();
  const settings = createSettingsService({ database, config });
  const jobs = createJobsService({ database, clock, log: options.log });
  // Read at each send, so a test may put another transport in place.
  const transport = () => deps.mailTransport;
  const deps: AppDeps = {
    config,
    database,
    settings,
    auth: createAuth({ database, config }),
    clock,
    storage: createStorageService({ config, database, clock }),
    jobs,
    mailTransport: createMailer(config),
    mailer: createQueuedMailer({ jobs, mailFrom: config.mailFrom, transport }),
    captcha: createCaptchaService({ config, database, clock }),
    bookingCreation: createBookingCreationService({
      database,
      config,
      clock,
      getPricingSettings: () => settings.getPricing(),
      getDepositSettings: () => settings.getDepositSettings(),
      getBookingSettings: () => settings.getBookingSettings(),
      getUnitsByIds,
      // Issue 18: a staff booking tells its guest at once; a guest booking when its proof
      // arrives (guest-booking). Every booking's reminders are scheduled with it.
      planMessages: (stay, options, messages) => planBookingMessages(deps, stay, options, messages),
    }),
  };
  registerMailDelivery({ jobs, mailFrom: config.mailFrom, transport });
  // Issue 18: the guest's messages; `deps` itself, so the transport is read at each send.
  registerGuestMessageJob(deps);
  registerRecurringTasks({
    jobs,
    database,
    clock,
    getProofTimeoutHours: async () => (await settings.getGeneral()).proof_timeout_hours,
    log: options.log,
  });
  // Issue 19: the channel feeds due for a download; a feed's failure is kept in its own log.
  jobs.register(RECURRING_TASKS.syncChannelFeeds.kind, async () => {
    await syncDueFeeds(deps, clock.now());
  });
  return deps;
}

/**
 * DESIGN §8 "background work": the recurring tasks are scheduled when the app is ready and the
 * job worker polls until it closes. Tests (NODE_ENV=test) run due jobs themselves
 * (`deps.jobs.runDueJobs()`, or start the worker), so no poll races their assertions.
 */
function installJobWorker(app: FastifyInstance): void {
  const { deps } = app;
  app.addHook('onReady', async () => {
    await scheduleRecurringTasks(deps.jobs);
    if (deps.config.nodeEnv !== 'test') deps.jobs.startWorker();
  });
  app.addHook('onClose', async () => {
    await deps.jobs.stopWorker();
    deps.mailTransport.close();
  });
}

/** DESIGN §2 + issue: a strict policy the app passes; nothing is loaded from other hosts. */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  objectSrc: ["'none'"],
  upgradeInsecureRequests: null,
};

/** Cloudflare Turnstile's script and frames come from this host (its documented CSP needs). */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/**
 * The policy for this configuration: the strict one, plus Turnstile's host for scripts, frames
 * and connections when CAPTCHA_PROVIDER=turnstile (the only case where the app loads anything
 * from another host).
 */
export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  if (config.captcha.provider !== 'turnstile') return { ...CONTENT_SECURITY_POLICY };
  return {
    ...CONTENT_SECURITY_POLICY,
    scriptSrc: [...CONTENT_SECURITY_POLICY.scriptSrc, TURNSTILE_ORIGIN],
    frameSrc: [TURNSTILE_ORIGIN],
    connectSrc: [...CONTENT_SECURITY_POLICY.connectSrc, TURNSTILE_ORIGIN],
  };
}

export type BuildAppOptions = {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Serve dist/web when it exists (default true). */
  serveWeb?: boolean;
};

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    // Bodies are small JSON documents; uploads use their own limit on their own route.
    bodyLimit: 1024 * 1024,
    // Request ids double as the audit correlation id.
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
    // Issue 24: behind the reverse proxies named in TRUST_PROXY, request.ip (the rate limits,
    // sign-in limits and audit trail), protocol and host come from their X-Forwarded-* headers.
    trustProxy: config.trustProxy,
    // An unsubscribe link's token carries the guest's e-mail (issue 18): a long address makes
    // it longer than the router's default of 100 characters a path parameter may have.
    routerOptions: { maxParamLength: 600 },
  }).withTypeProvider<ZodTypeProvider>();

  installRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('deps', createAppDeps({ config, database, log: app.log }));

  const serveWeb = options.serveWeb !== false && existsSync(path.join(webDistPath, 'index.html'));
  installErrorHandling(app, {
    serveWeb,
    prerenderedPages: serveWeb ? findPrerenderedPages(prerenderedPagesPath) : undefined,
    pagesDir: prerenderedPagesPath,
  });

  // Helmet's security headers on every answer. The middleware is made once here: the Fastify
  // wrapper made it anew for every request (3.7 % of an availability answer, issue 9).
  const securityHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl?.startsWith('https://') ? undefined : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error instanceof Error ? error : undefined),
    );
  });
  await app.register(cookie, { secret: config.sessionSecret });
  // After the cookie parser, before every route: sessions, origin check and CSRF (issue 3).
  installActorContext(app);
  installCsrfProtection(app);
  await app.register(rateLimit, {
    global: false,
    max: config.publicRateLimit || 1_000_000,
    timeWindow: '1 minute',
    // Issue 24: on PostgreSQL the counts are shared by every instance; in memory on PGlite.
    ...(database.kind === 'postgres' ? { store: databaseRateLimitStore(database) } : {}),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Resort booking API', version: appVersion },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    // Swagger UI sets inline styles on its own elements; allow that on the developer docs only,
    // and nothing from other hosts.
    transformStaticCSP: (header) =>
      header.replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'").replace(/ https:/g, ''),
    uiConfig: { validatorUrl: null },
  });

  registerGuestRevenueRedaction(app);
  await app.register(healthRoutes);
  await app.register(settingsPublicRoutes);
  await app.register(unitsPublicRoutes);
  await app.register(unitsRoutes);
  await app.register(unitPhotosRoutes);
  await app.register(housekeepingRoutes);
  await app.register(maintenanceRoutes);
  await app.register(blackoutsRoutes);
  await app.register(channelsRoutes);
  await app.register(availabilityRoutes);
  await app.register(expensesRoutes);
  await app.register(extrasRoutes);
  await app.register(stayRulesRoutes);
  await app.register(promoCodesRoutes);
  await app.register(eventsRoutes);
  await app.register(dashboardRoutes);
  await app.register(frontDeskRoutes);
  await app.register(reportsRoutes);
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(profileRoutes);
  await app.register(settingsStaffRoutes);
  await app.register(paymentQrRoutes);
  await app.register(auditRoutes);
  await app.register(auditLogsRoutes);
  await app.register(notificationsRoutes);
  // The public booking flow: quote, calendar, bot challenge, signed upload, the guest endpoints.
  await app.register(quoteRoutes);
  await app.register(calendarRoutes);
  await app.register(captchaRoutes);
  await app.register(storageRoutes);
  await app.register(guestBookingRoutes(createGuestBookingService({ ...app.deps, log: app.log })));
  installJobWorker(app);
  await app.register(jobsRoutes);
  await app.register(bookingsRoutes);
  await app.register(folioRoutes);
  await app.register(documentsRoutes);
  await app.register(documentsPublicRoutes);
  await app.register(paymentsRoutes);
  await app.register(guestsRoutes);
  await app.register(messagesRoutes);

  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDistPath,
      wildcard: false,
      index: false,
      // scripts/build.mjs writes .br and .gz beside each file; sent to clients that accept them.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite fingerprints assets: they never change under one name.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  return app;
}
