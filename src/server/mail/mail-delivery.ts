import type { AppTx } from '../db/client';
import {
  PermanentJobError,
  type JobContext,
  type JobRow,
  type JobsService,
} from '../jobs/jobs.service';
import type { MailMessage, Mailer } from './mailer';

/**
 * Issue 18 item 4: every e-mail goes through the job queue as a `send-mail` job. The job is the
 * recorded intent (stored before anything is sent); the mail's Message-ID is derived from the job,
 * so every attempt sends the same message; a temporary SMTP failure (4xx, no connection) is
 * retried with the queue's backoff, a permanent one (5xx) fails the job with the server's reply.
 * docs/decisions/0019-job-queue.md explains what a crash between "sent" and "recorded" does.
 */

export const SEND_MAIL_JOB = 'send-mail';

/** The checkpoint written just before the message is handed to the transport. */
const SENDING = 'sending';

export const MAIL_DELIVERY_MESSAGES = {
  uncertain: (messageId: string) =>
    `Delivery uncertain: the worker stopped while sending this e-mail, so it was not sent again ` +
    `to avoid a duplicate. Look for Message-ID ${messageId} in the mail server's log; Retry ` +
    `sends it again.`,
  queued: (reason: string) => `The e-mail is queued for another attempt: ${reason}`,
  failed: (reason: string) => `The e-mail could not be delivered: ${reason}`,
} as const;

type QueuedMail = Pick<MailMessage, 'to' | 'subject' | 'text' | 'html' | 'replyTo'>;
type MailIdentity = { messageId: string; date: Date };

/** `<job-<id>@<the sender's domain>>`: the same for every attempt of one job. */
export function jobMessageId(jobId: string, mailFrom: string): string {
  const domain = /@([A-Za-z0-9.-]+)/.exec(mailFrom)?.[1] ?? 'localhost';
  return `<job-${jobId}@${domain}>`;
}

function toQueuedMail(payload: Record<string, unknown>): QueuedMail {
  const text = (key: string) => (typeof payload[key] === 'string' ? payload[key] : '');
  const to = payload.to;
  return {
    to: Array.isArray(to) ? to.map(String) : String(to ?? ''),
    subject: text('subject'),
    text: text('text'),
    html: text('html'),
    ...(typeof payload.replyTo === 'string' ? { replyTo: payload.replyTo } : {}),
  };
}

type SmtpError = { responseCode?: unknown; response?: unknown; code?: unknown; message?: unknown };

/**
 * A 5xx reply is permanent and fails the job with the server's words; a 4xx reply, a refused or
 * dropped connection and anything else are temporary: the queue tries again later.
 */
export function classifySmtpError(error: unknown): Error {
  const smtp = (error ?? {}) as SmtpError;
  const code = typeof smtp.responseCode === 'number' ? smtp.responseCode : undefined;
  const reply = typeof smtp.response === 'string' ? smtp.response : undefined;
  if (code !== undefined && code >= 500 && code < 600) {
    return new PermanentJobError(reply ?? `SMTP ${code}`);
  }
  if (reply) return new Error(reply);
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Hands one message to the transport inside a job, with the checkpoint that makes a crash between
 * "sent" and "recorded" visible: a later attempt that finds the checkpoint asks the transport
 * whether the message arrived (the outbox can tell) and otherwise fails as "Delivery uncertain"
 * rather than send it twice. Throws PermanentJobError on a 5xx, another Error when temporary.
 */
export async function deliverOnce(
  transport: Mailer,
  message: MailMessage & MailIdentity,
  context: JobContext,
): Promise<void> {
  if (context.previousCheckpoint === SENDING) {
    // An earlier attempt reached the send and never recorded how it ended.
    const delivered = await transport.wasDelivered(message);
    if (delivered === true) return;
    if (delivered === undefined) {
      throw new PermanentJobError(MAIL_DELIVERY_MESSAGES.uncertain(message.messageId));
    }
  }
  await context.checkpoint(SENDING);
  try {
    await transport.sendMail(message);
  } catch (error) {
    throw classifySmtpError(error);
  }
}

/** `<prefix>-<id>@<the sender's domain>>`: a stable Message-ID. */
export function stableMessageId(prefix: string, id: string, mailFrom: string): string {
  return jobMessageId(id, mailFrom).replace(/^<job-/, `<${prefix}-`);
}

/** Registers the handler of `send-mail` jobs; the transport is read at each run. */
export function registerMailDelivery(deps: {
  jobs: JobsService;
  mailFrom: string;
  transport: () => Mailer;
}): void {
  deps.jobs.register(SEND_MAIL_JOB, async (payload, context: JobContext) => {
    await deliverOnce(
      deps.transport(),
      {
        ...toQueuedMail(payload),
        messageId: jobMessageId(context.job.job_id, deps.mailFrom),
        date: context.job.created_at,
      },
      context,
    );
  });
}

/**
 * Issue 24: a mail stored as a `send-mail` job in the caller's transaction, so it commits (or
 * rolls back) with what caused it; the caller hands the job to `jobs.runSoon` after the commit
 * and answers without waiting for the transport.
 */
export function queueMail(jobs: JobsService, message: MailMessage, tx: AppTx): Promise<JobRow> {
  return jobs.enqueue(
    { kind: SEND_MAIL_JOB, payload: toQueuedMail(message) as Record<string, unknown> },
    tx,
  );
}

/**
 * What the features send mail with: the message is stored as a `send-mail` job and this process
 * runs it at once, so the guest's mail leaves with the request as before. It resolves when the
 * mail was delivered (or another worker holds it) and rejects when this attempt failed; the job
 * stays queued for its retries or ends failed, visible on Settings → System.
 */
export function createQueuedMailer(deps: {
  jobs: JobsService;
  mailFrom: string;
  transport: () => Mailer;
}): Mailer {
  return {
    get transport() {
      return deps.transport().transport;
    },
    async sendMail(message) {
      const job = await deps.jobs.enqueue({
        kind: SEND_MAIL_JOB,
        payload: toQueuedMail(message) as Record<string, unknown>,
      });
      const messageId = jobMessageId(job.job_id, deps.mailFrom);
      const [ended] = await deps.jobs.runDueJobs({ jobIds: [job.job_id], limit: 1 });
      if (!ended || ended.status === 'done') return { messageId };
      const reason = ended.last_error ?? ended.status;
      throw new Error(
        ended.status === 'failed'
          ? MAIL_DELIVERY_MESSAGES.failed(reason)
          : MAIL_DELIVERY_MESSAGES.queued(reason),
      );
    },
    wasDelivered: (message) => deps.transport().wasDelivered(message),
    close: () => deps.transport().close(),
  };
}
