import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { addDays, todayInZone, zoneOffsetMs } from '../../domain/dates';
import {
  MESSAGE_KINDS,
  MESSAGE_SCHEDULE,
  ONE_OFF_KIND,
  SCHEDULED_MESSAGE_KINDS,
  type MessageKind,
  type MessagesSettings,
  type ScheduledMessageKind,
} from '../../domain/messages-catalog';
import type {
  MessageDto,
  MessagePreviewBody,
  MessageTestBody,
  OneOffMessage,
  RenderedMessage,
  UnsubscribeDto,
} from '../../domain/schemas/message.schema';
import { findBookingDto } from '../bookings/booking-records.service';
import type { Clock } from '../clock';
import type { Config } from '../config';
import type { AppDb, AppTx, Database } from '../db/client';
import { conflict, notFound } from '../errors';
import { folioSummary } from '../folio/folio.service';
import type { ActorContext } from '../http/request-context';
import {
  JOB_DEFAULTS,
  PermanentJobError,
  type JobContext,
  type JobsService,
} from '../jobs/jobs.service';
import { deliverOnce, stableMessageId } from '../mail/mail-delivery';
import type { Mailer } from '../mail/mailer';
import type { SettingsService } from '../settings/settings.service';
import {
  placeholderValues,
  renderMessage,
  type MessageFacts,
  type MessageSettings,
} from './message-render';
import {
  findMessage,
  findMessagesOfBooking,
  hasOptedOut,
  insertAutomaticMessage,
  insertMessage,
  insertOptOut,
  lockMessage,
  updateMessage,
  type MessageListRow,
  type MessageRow,
} from './messages.repository';
import { stayInvitationIcs } from './stay-invitation';
import { newestDocumentPdf } from '../documents/documents.service';

/**
 * Issue 18 items 2–5 (docs/decisions/0021-guest-messages.md): the guest's e-mails. A message is a
 * row of guest_messages and a `guest-message` job, both stored in the transaction that causes
 * them; the job renders the message with the booking as it is when it runs, records `sending`
 * before the mail leaves (the job's checkpoint, a stable Message-ID) and `sent`, `failed` or
 * `skipped` after. A row that is sent, skipped, failed or cancelled is never sent again by a job;
 * staff resend it as a new row.
 */

export const GUEST_MESSAGE_JOB = 'guest-message';

export const MESSAGES_MESSAGES = {
  bookingNotFound: 'Booking not found.',
  messageNotFound: 'Message not found.',
  notScheduled: 'Only a scheduled message can be sent now.',
  notResendable: 'Only a sent or failed message can be resent.',
  noGuestEmail: 'The booking has no guest e-mail address.',
  invalidToken: 'This unsubscribe link is not valid.',
  skipped: {
    disabled: 'Turned off in Settings → Messages.',
    nothingDue: 'Nothing is due.',
    cancelled: 'The booking is cancelled.',
    checkedIn: 'The guest has checked in.',
    notConfirmed: 'The booking is not confirmed.',
    noStay: 'The stay did not happen (not checked out).',
    unsubscribed: 'The guest unsubscribed from these e-mails.',
    /** Issue 22: a walk-in booked with a phone number only. */
    noEmail: 'No e-mail address',
  },
  retrying: (reason: string) => `Will try again: ${reason}`,
} as const;

export type MessagesDeps = {
  config: Config;
  database: Database;
  clock: Clock;
  settings: SettingsService;
  jobs: JobsService;
  /** The outbox or SMTP itself; read at each send (tests put another in place). */
  mailTransport: Mailer;
  mailer: Mailer;
  log?: FastifyBaseLogger;
};

type Executor = AppDb | AppTx;
const messageKey = (messageId: string) => `message:${messageId}`;
const UNSUBSCRIBE_KINDS: readonly MessageKind[] = ['post_stay'];
/** Issue 20: the mails that may carry the booking's newest document (Settings → Billing). */
const DOCUMENT_MAIL_KINDS: readonly string[] = ['payment_verified', 'post_stay'];

// ---------------------------------------------------------------------------------------------
// Scheduling, in the caller's transaction
// ---------------------------------------------------------------------------------------------

/** The instant a wall-clock time of a date has in a zone (09:00 on 2027-03-10 in Manila). */
export function zonedInstant(date: string, time: string, timeZone: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const offsetAt = (epoch: number) => zoneOffsetMs(epoch, timeZone);
  const first = wall - offsetAt(wall);
  return new Date(wall - offsetAt(first));
}

export type StayDates = {
  booking_id: string;
  check_in: string;
  check_out: string;
  balance_due_date: string | null;
};

/** When a scheduled kind is due for this stay under these settings. */
export function scheduledTime(
  kind: ScheduledMessageKind,
  stay: StayDates,
  settings: MessagesSettings,
  timeZone: string,
): Date {
  const rule = MESSAGE_SCHEDULE[kind];
  const anchor =
    rule.anchor === 'balance_due_date'
      ? (stay.balance_due_date ?? stay.check_in)
      : stay[rule.anchor];
  const offset = settings.kinds[kind].offset_days ?? 0;
  return zonedInstant(addDays(anchor, rule.direction * offset), rule.time, timeZone);
}

async function enqueueMessageJob(
  deps: MessagesDeps,
  tx: AppTx,
  row: MessageRow,
  onConflict: 'keep' | 'replace' = 'keep',
): Promise<MessageRow> {
  const job = await deps.jobs.enqueue(
    {
      kind: GUEST_MESSAGE_JOB,
      payload: { message_id: row.message_id },
      runAt: row.scheduled_at,
      uniqueKey: messageKey(row.message_id),
      onConflict,
    },
    tx,
  );
  return updateMessage(tx, row.message_id, { job_id: job.job_id });
}

/**
 * Stores an event's message (booking received, payment received or verified, confirmed,
 * cancellation) to go now, unless the kind is turned off or the booking already has one.
 * Answers the message's id, or null.
 */
export async function queueMessage(
  deps: MessagesDeps,
  tx: AppTx,
  bookingId: string,
  kind: MessageKind,
  options: { createdBy?: string | null; at?: Date } = {},
): Promise<string | null> {
  const settings = await deps.settings.getMessages(tx);
  if (!settings.kinds[kind].enabled) return null;
  const now = deps.clock.now();
  const row = await insertAutomaticMessage(tx, {
    booking_id: bookingId,
    kind,
    status: 'scheduled',
    scheduled_at: options.at ?? now,
    created_by: options.createdBy ?? null,
    created_at: now,
  });
  if (!row) return null;
  await enqueueMessageJob(deps, tx, row);
  return row.message_id;
}

/**
 * A new booking's scheduled messages (balance reminder, overdue notice, pre-arrival,
 * post-stay), each at its time; a time already past is not scheduled.
 */
export async function scheduleStayMessages(
  deps: MessagesDeps,
  tx: AppTx,
  stay: StayDates,
): Promise<void> {
  const settings = await deps.settings.getMessages(tx);
  const now = deps.clock.now();
  for (const kind of SCHEDULED_MESSAGE_KINDS) {
    if (!settings.kinds[kind].enabled) continue;
    const at = scheduledTime(kind, stay, settings, deps.config.timezone);
    if (at.getTime() < now.getTime()) continue;
    await queueMessage(deps, tx, stay.booking_id, kind, { at });
  }
}

/** A message a new booking starts with, and its job (written by the booking's own statement). */
export type PlannedMessage = {
  kind: MessageKind;
  status: 'scheduled';
  scheduled_at: Date;
  created_by: string | null;
  created_at: Date;
};

export type PlannedMessages = {
  messages: PlannedMessage[];
  job: { kind: string; max_attempts: number; created_at: Date };
};

/**
 * Issue 24: what scheduleStayMessages and queueMessage would store for a booking about to be
 * made, worked out before it is written, so the booking, its messages and their jobs go in one
 * statement (bookings.repository.ts createBookingRows). A staff booking tells its guest at once
 * (`received`); every booking's reminders are scheduled with it, a time already past is not.
 */
export function planBookingMessages(
  deps: Pick<MessagesDeps, 'clock' | 'config'>,
  stay: Omit<StayDates, 'booking_id'>,
  options: { received: boolean; createdBy: string | null },
  /** Settings → Messages, read with the booking's other settings (issue 24). */
  settings: MessagesSettings,
): PlannedMessages {
  const now = deps.clock.now();
  const messages: PlannedMessage[] = [];
  const plan = (kind: MessageKind, at: Date, createdBy: string | null) =>
    messages.push({
      kind,
      status: 'scheduled',
      scheduled_at: at,
      created_by: createdBy,
      created_at: now,
    });
  for (const kind of SCHEDULED_MESSAGE_KINDS) {
    if (!settings.kinds[kind].enabled) continue;
    const at = scheduledTime(kind, { ...stay, booking_id: '' }, settings, deps.config.timezone);
    if (at.getTime() < now.getTime()) continue;
    plan(kind, at, null);
  }
  if (options.received && settings.kinds.booking_received.enabled) {
    plan('booking_received', now, options.createdBy);
  }
  return {
    messages,
    job: { kind: GUEST_MESSAGE_JOB, max_attempts: JOB_DEFAULTS.maxAttempts, created_at: now },
  };
}

/**
 * The stay's dates changed: every scheduled message moves to its new time (and its job with it);
 * one whose new time has passed is dropped; a kind not yet scheduled (its old time had passed) is
 * scheduled when its new time is ahead.
 */
export async function rescheduleStayMessages(
  deps: MessagesDeps,
  tx: AppTx,
  stay: StayDates,
): Promise<void> {
  const settings = await deps.settings.getMessages(tx);
  const now = deps.clock.now();
  const existing = await findMessagesOfBooking(tx, stay.booking_id, {
    kinds: SCHEDULED_MESSAGE_KINDS,
  });
  for (const kind of SCHEDULED_MESSAGE_KINDS) {
    const at = scheduledTime(kind, stay, settings, deps.config.timezone);
    const pending = existing.find(
      (row) => row.kind === kind && row.status === 'scheduled' && !row.is_resend,
    );
    const ahead = at.getTime() >= now.getTime();
    if (pending && ahead) {
      const moved = await updateMessage(tx, pending.message_id, { scheduled_at: at });
      await enqueueMessageJob(deps, tx, moved, 'replace');
    } else if (pending) {
      await deps.jobs.cancel(messageKey(pending.message_id), tx);
      await updateMessage(tx, pending.message_id, { status: 'cancelled' });
    } else if (ahead && settings.kinds[kind].enabled) {
      await queueMessage(deps, tx, stay.booking_id, kind, { at });
    }
  }
}

/** A cancelled booking: its pending messages are dropped, except the cancellation itself. */
export async function cancelPendingMessages(
  deps: MessagesDeps,
  tx: AppTx,
  bookingId: string,
): Promise<void> {
  const pending = await findMessagesOfBooking(tx, bookingId, { statuses: ['scheduled'] });
  for (const row of pending) {
    if (row.kind === 'cancellation') continue;
    await deps.jobs.cancel(messageKey(row.message_id), tx);
    await updateMessage(tx, row.message_id, { status: 'cancelled' });
  }
}

/**
 * After the causing transaction committed: this process sends the booking's messages that are
 * due now, so the guest's mail leaves with the request (a failure stays with the job's retries).
 * Answers the messages as they ended.
 */
export async function sendDueMessages(
  deps: MessagesDeps,
  bookingId: string,
): Promise<MessageRow[]> {
  const due = await dueMessagesOf(deps, bookingId);
  if (due.length === 0) return [];
  try {
    await deps.jobs.runDueJobs({ jobIds: due.map((row) => row.job_id!), limit: due.length });
  } catch (error) {
    deps.log?.error({ err: error, booking_id: bookingId }, 'messages could not be sent now');
  }
  const ended: MessageRow[] = [];
  for (const row of due) {
    const after = await findMessage(deps.database.db, row.message_id);
    if (after) ended.push(after);
  }
  return ended;
}

async function dueMessagesOf(deps: MessagesDeps, bookingId: string): Promise<MessageRow[]> {
  const now = deps.clock.now().getTime();
  return (
    await findMessagesOfBooking(deps.database.db, bookingId, {
      statuses: ['scheduled'],
    })
  ).filter((row) => row.job_id && row.scheduled_at.getTime() <= now);
}

/**
 * Issue 24: the booking's messages due now leave after the answer (a new booking's "booking
 * received", a guest's proof): their jobs were stored with the transaction that committed, this
 * process runs them once it has answered (jobs.runSoon), and the worker if it stops first. The
 * rows end sent, skipped or failed as with sendDueMessages; nobody waits for them.
 */
export function sendDueMessagesSoon(deps: MessagesDeps, bookingId: string, also: string[] = []) {
  deps.jobs.runSoon(async () => [
    ...(await dueMessagesOf(deps, bookingId)).map((row) => row.job_id!),
    ...also,
  ]);
}

/**
 * The same for a booking just made: create_booking answered its messages and their jobs, so
 * the due ones are handed over without reading them back (issue 24).
 */
export function sendNewMessagesSoon(
  deps: MessagesDeps,
  messages: readonly { job_id: string; scheduled_at: Date }[],
) {
  const now = deps.clock.now().getTime();
  deps.jobs.runSoon(
    messages.filter((row) => row.scheduled_at.getTime() <= now).map((row) => row.job_id),
  );
}

/** Whether the booking's message of this kind has been sent (for the `*_email_sent` answers). */
export function wasSent(rows: readonly MessageRow[], kind: MessageKind): boolean {
  return rows.some((row) => row.kind === kind && row.status === 'sent');
}

// ---------------------------------------------------------------------------------------------
// Unsubscribe tokens: an HMAC of (e-mail, kind) with the app's secret, no table lookup
// ---------------------------------------------------------------------------------------------

function tokenSignature(secret: string, payload: string): Buffer {
  return createHmac('sha256', secret).update(`unsubscribe\n${payload}`).digest();
}

export function unsubscribeToken(secret: string, email: string, kind: MessageKind): string {
  const payload = Buffer.from(JSON.stringify([email.toLowerCase(), kind])).toString('base64url');
  return `${payload}.${tokenSignature(secret, payload).toString('base64url')}`;
}

export function readUnsubscribeToken(
  secret: string,
  token: string,
): { email: string; kind: MessageKind } | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return null;
  const expected = tokenSignature(secret, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const [email, kind] = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as [
      unknown,
      unknown,
    ];
    if (typeof email !== 'string' || !(MESSAGE_KINDS as readonly unknown[]).includes(kind)) {
      return null;
    }
    return { email, kind: kind as MessageKind };
  } catch {
    return null;
  }
}

export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(1, Math.min(local.length - 1, 6)))}@${domain}`;
}

// ---------------------------------------------------------------------------------------------
// The service: the send job, the booking page's list and actions, preview, test, unsubscribe
// ---------------------------------------------------------------------------------------------

function toMessageDto(row: MessageListRow): MessageDto {
  return {
    message_id: row.message_id,
    kind: row.kind as MessageDto['kind'],
    status: row.status as MessageDto['status'],
    scheduled_at: row.scheduled_at.toISOString(),
    sent_at: row.sent_at ? row.sent_at.toISOString() : null,
    error: row.error,
    subject: row.subject,
    is_resend: row.is_resend,
    created_by_name: row.created_by_name,
  };
}

type LoadedBooking = { facts: MessageFacts; status: string };

async function loadBooking(
  db: Executor,
  bookingId: string,
  timeZone: string,
): Promise<LoadedBooking | null> {
  const booking = await findBookingDto(db, bookingId);
  if (!booking) return null;
  const folio = await folioSummary(db, bookingId);
  const cabins = booking.booking_units
    .map((line) => (line.unit ? `${line.unit.unit_name} (${line.unit.unit_type})` : null))
    .filter((name): name is string => name !== null)
    .join(', ');
  return {
    status: booking.booking_status,
    facts: {
      booking_id: booking.booking_id,
      booking_reference: booking.booking_reference,
      guest_name: booking.guest_name,
      // Issue 22: '' for a walk-in without one; skipReason skips every message then.
      email: booking.email ?? '',
      check_in: booking.check_in,
      check_out: booking.check_out,
      cabins: cabins || 'Cabin',
      total: folio.charges_total,
      paid: folio.paid_total,
      balance: folio.balance,
      deposit: booking.deposit_amount,
      balance_due_date: booking.balance_due_date ?? booking.check_in,
      refund: folio.refunded_total,
      cancellation_reason: booking.cancellation_reason,
      cancelled_on: booking.cancelled_at
        ? todayInZone(timeZone, new Date(booking.cancelled_at))
        : null,
      promo_code: booking.promo_code,
      promo_saving: booking.promo_code ? booking.discount_amount : 0,
      rate_plan: booking.rate_plan,
    },
  };
}

/** Why an automatic message is not sent now, or null to send it. */
async function skipReason(
  db: Executor,
  row: MessageRow,
  booking: LoadedBooking,
  settings: MessagesSettings,
): Promise<string | null> {
  const S = MESSAGES_MESSAGES.skipped;
  if (!booking.facts.email) return S.noEmail;
  if (row.kind === ONE_OFF_KIND || row.is_resend) return null;
  const kind = row.kind as MessageKind;
  if (!settings.kinds[kind].enabled) return S.disabled;
  const { status, facts } = booking;
  const owes = facts.balance > 0;
  switch (kind) {
    case 'balance_reminder':
      if (status === 'Cancelled') return S.cancelled;
      return owes ? null : S.nothingDue;
    case 'overdue_notice':
      if (status === 'Cancelled') return S.cancelled;
      if (status === 'CheckedIn' || status === 'CheckedOut') return S.checkedIn;
      return owes ? null : S.nothingDue;
    case 'pre_arrival':
      return status === 'Confirmed' ? null : S.notConfirmed;
    case 'post_stay':
      if (status !== 'CheckedOut' && status !== 'Completed') return S.noStay;
      return (await hasOptedOut(db, facts.email.toLowerCase(), kind)) ? S.unsubscribed : null;
    default:
      return null;
  }
}

function mailDomain(mailFrom: string): string {
  return /@([A-Za-z0-9.-]+)/.exec(mailFrom)?.[1] ?? 'localhost';
}

export type MessagesService = ReturnType<typeof createMessagesService>;

export function createMessagesService(deps: MessagesDeps) {
  const { database, clock, config } = deps;

  async function readSettings(): Promise<MessageSettings> {
    return { ...(await deps.settings.getMessageSettings()), publicUrl: config.publicUrl };
  }

  function unsubscribeLinks(email: string, kind: MessageKind) {
    const token = unsubscribeToken(config.sessionSecret, email, kind);
    const base = config.publicUrl?.replace(/\/+$/, '') ?? '';
    return {
      page: `${base}/unsubscribe?token=${encodeURIComponent(token)}`,
      oneClick: `${base}/api/public/unsubscribe/${encodeURIComponent(token)}`,
    };
  }

  /** The mail of a message as it would leave now. */
  function compose(
    kind: MessageKind | typeof ONE_OFF_KIND,
    template: { subject: string; body: string },
    facts: MessageFacts,
    settings: MessageSettings,
  ) {
    const unsubscribe =
      kind !== ONE_OFF_KIND && UNSUBSCRIBE_KINDS.includes(kind)
        ? unsubscribeLinks(facts.email, kind)
        : null;
    const rendered = renderMessage(template, placeholderValues(facts, settings), settings.general, {
      unsubscribeUrl: unsubscribe?.page,
    });
    const extras: {
      icalEvent?: { method: string; filename: string; content: string };
      headers?: Record<string, string>;
    } = {};
    if (kind === 'booking_confirmed') {
      extras.icalEvent = {
        method: 'REQUEST',
        filename: `${facts.booking_reference}.ics`,
        content: stayInvitationIcs({
          booking_id: facts.booking_id,
          booking_reference: facts.booking_reference,
          check_in: facts.check_in,
          check_out: facts.check_out,
          resort_name: settings.general.resort_name,
          resort_email: settings.general.contact_email,
          address: settings.general.address,
          guest_name: facts.guest_name,
          guest_email: facts.email,
          cabins: facts.cabins,
          sequence: 0,
          now: clock.now(),
          domain: mailDomain(config.mailFrom),
        }),
      };
    }
    if (unsubscribe) {
      extras.headers = {
        'List-Unsubscribe': `<${unsubscribe.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      };
    }
    return { rendered, extras };
  }

  /**
   * Issue 20: with Settings → Billing "attach to e-mails", the payment-verified and post-stay
   * mails carry the booking's newest issued receipt or invoice as a PDF.
   */
  async function documentAttachments(kind: string, bookingId: string) {
    if (!DOCUMENT_MAIL_KINDS.includes(kind)) return [];
    if (!(await deps.settings.getBilling()).attach_to_emails) return [];
    const file = await newestDocumentPdf(database.db, bookingId);
    return file ? [{ ...file, contentType: 'application/pdf' }] : [];
  }

  /** The `guest-message` job: lock, decide, record the intent, deliver, record the outcome. */
  async function runMessageJob(payload: Record<string, unknown>, context: JobContext) {
    const messageId = String(payload.message_id ?? '');
    const settings = await readSettings();
    const prepared = await database.db.transaction(async (tx) => {
      const row = await lockMessage(tx, messageId);
      // Never twice: only a scheduled row (or one an earlier attempt left `sending`) goes.
      if (!row || (row.status !== 'scheduled' && row.status !== 'sending')) return null;
      const booking = await loadBooking(tx, row.booking_id, config.timezone);
      if (!booking) return null;
      const reason = await skipReason(tx, row, booking, settings.messages);
      if (reason) {
        await updateMessage(tx, row.message_id, { status: 'skipped', error: reason });
        return null;
      }
      const kind = row.kind as MessageKind | typeof ONE_OFF_KIND;
      const template =
        kind === ONE_OFF_KIND
          ? { subject: row.subject ?? '', body: row.body ?? '' }
          : settings.messages.kinds[kind];
      const mail = compose(kind, template, booking.facts, settings);
      await updateMessage(tx, row.message_id, {
        status: 'sending',
        subject: mail.rendered.subject,
        error: null,
      });
      return { row, to: booking.facts.email, mail };
    });
    if (!prepared) return;
    const { row, to, mail } = prepared;
    const attachments = await documentAttachments(row.kind, row.booking_id);
    const finish = (values: Parameters<typeof updateMessage>[2]) =>
      updateMessage(database.db, row.message_id, values);
    try {
      await deliverOnce(
        deps.mailTransport,
        {
          to,
          replyTo: settings.general.contact_email,
          ...mail.rendered,
          ...mail.extras,
          ...(attachments.length > 0 ? { attachments } : {}),
          messageId: stableMessageId('msg', row.message_id, config.mailFrom),
          date: row.created_at,
        },
        context,
      );
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const final =
        error instanceof PermanentJobError || context.job.attempts >= context.job.max_attempts;
      await finish(
        final
          ? { status: 'failed', error: text.slice(0, 2000) }
          : { status: 'scheduled', error: MESSAGES_MESSAGES.retrying(text).slice(0, 2000) },
      );
      throw error;
    }
    await finish({ status: 'sent', sent_at: clock.now(), error: null });
  }

  async function listOf(bookingId: string): Promise<MessageListRow[]> {
    return findMessagesOfBooking(database.db, bookingId);
  }

  async function dtoOf(messageId: string): Promise<MessageDto> {
    const row = await findMessage(database.db, messageId);
    if (!row) throw notFound(MESSAGES_MESSAGES.messageNotFound);
    const listed = (await listOf(row.booking_id)).find((item) => item.message_id === messageId);
    return toMessageDto(listed ?? { ...row, created_by_name: null });
  }

  async function requireBooking(db: Executor, bookingId: string): Promise<LoadedBooking> {
    const booking = await loadBooking(db, bookingId, config.timezone);
    if (!booking) throw notFound(MESSAGES_MESSAGES.bookingNotFound);
    return booking;
  }

  async function messageOfBooking(bookingId: string, messageId: string): Promise<MessageRow> {
    const row = await findMessage(database.db, messageId);
    if (!row || row.booking_id !== bookingId) throw notFound(MESSAGES_MESSAGES.messageNotFound);
    return row;
  }

  async function runNow(messageId: string): Promise<MessageDto> {
    await sendDueMessages(deps, (await findMessage(database.db, messageId))!.booking_id);
    return dtoOf(messageId);
  }

  return {
    runMessageJob,

    async list(bookingId: string): Promise<MessageDto[]> {
      await requireBooking(database.db, bookingId);
      return (await listOf(bookingId)).map(toMessageDto);
    },

    /** POST /api/bookings/:id/messages: staff write to the guest; recorded and sent now. */
    async sendOneOff(
      bookingId: string,
      input: OneOffMessage,
      context: ActorContext,
    ): Promise<MessageDto> {
      await requireBooking(database.db, bookingId);
      const now = clock.now();
      const id = await context.transaction(async (tx) => {
        const row = await insertMessage(tx, {
          booking_id: bookingId,
          kind: ONE_OFF_KIND,
          status: 'scheduled',
          scheduled_at: now,
          subject: input.subject,
          body: input.body,
          created_by: context.actor.userId,
          created_at: now,
        });
        await enqueueMessageJob(deps, tx, row);
        return row.message_id;
      });
      return runNow(id);
    },

    /** "Send now": a scheduled message goes at once (409 when it is not scheduled). */
    async sendNow(
      bookingId: string,
      messageId: string,
      context: ActorContext,
    ): Promise<MessageDto> {
      const current = await messageOfBooking(bookingId, messageId);
      if (current.status !== 'scheduled') throw conflict(MESSAGES_MESSAGES.notScheduled);
      await context.transaction(async (tx) => {
        const row = await lockMessage(tx, messageId);
        if (!row || row.status !== 'scheduled') throw conflict(MESSAGES_MESSAGES.notScheduled);
        const moved = await updateMessage(tx, messageId, { scheduled_at: clock.now() });
        await enqueueMessageJob(deps, tx, moved, 'replace');
      });
      return runNow(messageId);
    },

    /** "Resend": a new row (is_resend) of a sent or failed message, sent now. */
    async resend(bookingId: string, messageId: string, context: ActorContext): Promise<MessageDto> {
      const original = await messageOfBooking(bookingId, messageId);
      if (original.status !== 'sent' && original.status !== 'failed') {
        throw conflict(MESSAGES_MESSAGES.notResendable);
      }
      const now = clock.now();
      const id = await context.transaction(async (tx) => {
        const row = await insertMessage(tx, {
          booking_id: bookingId,
          kind: original.kind,
          status: 'scheduled',
          scheduled_at: now,
          subject: original.kind === ONE_OFF_KIND ? original.subject : null,
          body: original.kind === ONE_OFF_KIND ? original.body : null,
          is_resend: true,
          created_by: context.actor.userId,
          created_at: now,
        });
        await enqueueMessageJob(deps, tx, row);
        return row.message_id;
      });
      return runNow(id);
    },

    /** POST /api/messages/preview: the template as the guest of a real booking would read it. */
    async preview(input: MessagePreviewBody): Promise<RenderedMessage> {
      const booking = await requireBooking(database.db, input.booking_id);
      const settings = await readSettings();
      return compose(input.kind, input, booking.facts, settings).rendered;
    },

    /** POST /api/messages/test: the rendered mail to the signed-in user's own address. */
    async sendTest(input: MessageTestBody, context: ActorContext & { email: string }) {
      const settings = await readSettings();
      const facts: MessageFacts = input.booking_id
        ? (await requireBooking(database.db, input.booking_id)).facts
        : sampleFacts(settings, clock.now(), config.timezone);
      const { rendered, extras } = compose(input.kind, input, facts, settings);
      await deps.mailer.sendMail({
        to: context.email,
        replyTo: settings.general.contact_email,
        ...rendered,
        subject: `[Test] ${rendered.subject}`,
        ...extras,
      });
      return { sent_to: context.email };
    },

    async unsubscribeStatus(token: string): Promise<UnsubscribeDto> {
      const read = readUnsubscribeToken(config.sessionSecret, token);
      if (!read) throw notFound(MESSAGES_MESSAGES.invalidToken);
      return {
        email_masked: maskEmail(read.email),
        kind: read.kind,
        unsubscribed: await hasOptedOut(database.db, read.email, read.kind),
      };
    },

    async unsubscribe(token: string): Promise<UnsubscribeDto> {
      const read = readUnsubscribeToken(config.sessionSecret, token);
      if (!read) throw notFound(MESSAGES_MESSAGES.invalidToken);
      await insertOptOut(database.db, { ...read, created_at: clock.now() });
      return { email_masked: maskEmail(read.email), kind: read.kind, unsubscribed: true };
    },
  };
}

/** The `guest-message` job's handler, registered once per app (app.ts). */
export function registerGuestMessageJob(deps: MessagesDeps): void {
  deps.jobs.register(GUEST_MESSAGE_JOB, createMessagesService(deps).runMessageJob);
}

/** A made-up booking for a test send without one: ten days ahead, two nights. */
function sampleFacts(settings: MessageSettings, now: Date, timeZone: string): MessageFacts {
  const checkIn = addDays(todayInZone(timeZone, now), 10);
  return {
    booking_id: '00000000-0000-4000-8000-000000000000',
    booking_reference: 'SAMPLE01',
    guest_name: 'Maria Santos',
    email: 'maria.santos@example.ph',
    check_in: checkIn,
    check_out: addDays(checkIn, 2),
    cabins: 'Sample Cabin (Deluxe)',
    total: 9000,
    paid: 4500,
    balance: 4500,
    deposit: 4500,
    balance_due_date: checkIn,
    refund: 0,
    cancellation_reason: null,
    cancelled_on: null,
    promo_code: null,
    promo_saving: 0,
    rate_plan: 'flexible',
  };
}
