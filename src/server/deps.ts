import type { Auth } from './auth/auth';
import type { BookingCreationService } from './bookings/booking-creation.service';
import type { CaptchaService } from './captcha/captcha.service';
import type { Clock } from './clock';
import type { Config } from './config';
import type { Database } from './db/client';
import type { JobsService } from './jobs/jobs.service';
import type { Mailer } from './mail/mailer';
import type { SettingsService } from './settings/settings.service';
import type { StorageService } from './storage/storage.service';

/**
 * What every feature's routes and services may use, built once per app by buildApp (app.ts, the
 * one composition root). This module holds types only: a service imports it without importing
 * the app that registers the service's routes, so no import circle runs through the app.
 */
export type AppDeps = {
  config: Config;
  database: Database;
  settings: SettingsService;
  auth: Auth;
  clock: Clock;
  /** File storage with signed uploads (payment proofs, receipts, cabin photos). */
  storage: StorageService;
  /** The durable job queue (DESIGN §8 "background work"). */
  jobs: JobsService;
  /** Sends through the job queue: every feature's mail (a `send-mail` job, run at once). */
  mailer: Mailer;
  /** The outbox folder or SMTP itself; only the `send-mail` job uses it. */
  mailTransport: Mailer;
  /** The bot challenge of the public booking form. */
  captcha: CaptchaService;
  /** The one path that writes a new booking (guest form, staff dialog, multi-unit wizard). */
  bookingCreation: BookingCreationService;
};

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
