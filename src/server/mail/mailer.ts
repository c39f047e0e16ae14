import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { Config } from '../config';

/**
 * DESIGN §2 mail: nodemailer. By default every message is written as an RFC 822 `.eml` file into
 * `DATA_DIR/outbox/` (works offline; any mail client opens it); `SMTP_URL` sends through a real
 * SMTP server instead.
 */

export type MailMessage = {
  to: string | string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** A stable Message-ID (a queued mail's, derived from its job), `<id@domain>`. */
  messageId?: string;
  /** The Date header (the message's own time: stable across attempts). */
  date?: Date;
  /** A calendar invitation (text/calendar alternative and .ics attachment), issue 18. */
  icalEvent?: { method: string; filename: string; content: string };
  /** Files attached (issue 20: the booking's receipt or invoice as a PDF). */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
  /** Extra headers such as List-Unsubscribe (RFC 2369 / 8058). */
  headers?: Record<string, string>;
};

export type SentMail = {
  messageId: string;
  /** The `.eml` file written, with the outbox transport. */
  file?: string;
};

export type Mailer = {
  transport: 'outbox' | 'smtp';
  sendMail(message: MailMessage): Promise<SentMail>;
  /**
   * Whether a message with this Message-ID was delivered already: the outbox can tell (a file
   * named by it exists); SMTP cannot (undefined).
   */
  wasDelivered(message: { messageId: string }): Promise<boolean | undefined>;
  close(): void;
};

export function outboxDir(config: Config): string {
  return path.join(config.dataDir, 'outbox');
}

/** The 8 hex characters that name a message with a Message-ID, whenever it is written. */
function messageIdSuffix(messageId: string): string {
  return `-${createHash('sha256').update(messageId).digest('hex').slice(0, 8)}.eml`;
}

/**
 * `<time written>-<8 hex>.eml`: the outbox sorts in the order mail left (a reminder stored weeks
 * before it goes sorts with that day's mail), and never collides. With a Message-ID the hex comes
 * from it, so a later attempt recognises the message whenever it was written.
 */
function outboxFileName(now: Date, messageId?: string): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('.', '');
  return `${stamp}${messageId ? messageIdSuffix(messageId) : `-${randomBytes(4).toString('hex')}.eml`}`;
}

export function createMailer(config: Config): Mailer {
  if (config.smtpUrl) {
    const options: SMTPTransport.Options = {
      url: config.smtpUrl,
      // A slow or unreachable server must not hold a guest's request for minutes.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    };
    const transporter = nodemailer.createTransport(options);
    return {
      transport: 'smtp',
      async sendMail(message) {
        const info = await transporter.sendMail({ from: config.mailFrom, ...message });
        return { messageId: info.messageId };
      },
      wasDelivered: async () => undefined,
      close: () => transporter.close(),
    };
  }

  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    // RFC 5322 lines end in CRLF.
    newline: 'windows',
  });
  const dir = outboxDir(config);
  return {
    transport: 'outbox',
    async sendMail(message) {
      const info = await transporter.sendMail({ from: config.mailFrom, ...message });
      await mkdir(dir, { recursive: true });
      const file = path.join(dir, outboxFileName(new Date(), message.messageId));
      // Written under a temporary name and renamed, so a reader never sees half a message.
      const tmp = `${file}.tmp`;
      await writeFile(tmp, info.message as Buffer, { mode: 0o600 });
      await rename(tmp, file);
      return { messageId: info.messageId, file };
    },
    async wasDelivered(message) {
      const suffix = messageIdSuffix(message.messageId);
      const files = await readdir(dir).catch(() => [] as string[]);
      return files.some((name) => name.endsWith(suffix));
    },
    close: () => transporter.close(),
  };
}
