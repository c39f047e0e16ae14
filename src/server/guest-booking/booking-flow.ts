import type { FastifyPluginAsync } from 'fastify';
import {
  createBookingCreationService,
  type BookingCreationService,
} from '../bookings/booking-creation.service';
import { calendarRoutes } from '../calendar/calendar.routes';
import { captchaRoutes } from '../captcha/captcha.routes';
import { createCaptchaService, type CaptchaService } from '../captcha/captcha.service';
import { createSystemClock, type Clock } from '../clock';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { startGuestBookingJobs, type JobScheduler } from '../jobs/expire-unpaid-guest-bookings';
import { createMailer, type Mailer } from '../mail/mailer';
import { quoteRoutes } from '../quote/quote.routes';
import type { SettingsService } from '../settings/settings.service';
import { storageRoutes } from '../storage/storage.routes';
import { createStorageService, type StorageService } from '../storage/storage.service';
import { guestBookingRoutes } from './guest-booking.routes';
import { createGuestBookingService } from './guest-booking.service';

/**
 * The services of the public booking flow (issue 4) that other features reuse through app.deps:
 * the clock, file storage with signed uploads, mail, the bot challenge and booking creation.
 */
export type BookingFlowDeps = {
  clock: Clock;
  storage: StorageService;
  mailer: Mailer;
  captcha: CaptchaService;
  bookingCreation: BookingCreationService;
};

export function createBookingFlowDeps(deps: {
  config: Config;
  database: Database;
  settings: SettingsService;
  clock?: Clock;
}): BookingFlowDeps {
  const { config, database, settings } = deps;
  const clock = deps.clock ?? createSystemClock();
  return {
    clock,
    storage: createStorageService({ config, database, clock }),
    mailer: createMailer(config),
    captcha: createCaptchaService({ config, database, clock }),
    bookingCreation: createBookingCreationService({
      database,
      config,
      clock,
      getPricingSettings: () => settings.getPricing(),
    }),
  };
}

/**
 * The public booking flow's routes (quote, calendar, bot challenge, signed upload, the guest
 * endpoints) and its background job: the expiry of guest bookings whose proof never came
 * (DESIGN §3), started when the app is ready and stopped when it closes. Tests (NODE_ENV=test)
 * call the job's function directly instead, so no timer races their assertions.
 */
export const bookingFlowRoutes: FastifyPluginAsync = async (app) => {
  const { deps } = app;
  await app.register(quoteRoutes);
  await app.register(calendarRoutes);
  await app.register(captchaRoutes);
  await app.register(storageRoutes);
  await app.register(guestBookingRoutes(createGuestBookingService({ ...deps, log: app.log })));

  let jobs: JobScheduler | null = null;
  app.addHook('onReady', async () => {
    if (deps.config.nodeEnv === 'test') return;
    jobs = startGuestBookingJobs({
      database: deps.database,
      clock: deps.clock,
      getProofTimeoutHours: async () => (await deps.settings.getGeneral()).proof_timeout_hours,
      log: app.log,
    });
  });
  app.addHook('onClose', async () => {
    await jobs?.stop();
    deps.mailer.close();
  });
};
