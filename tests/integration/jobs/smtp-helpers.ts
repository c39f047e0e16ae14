import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { TestApp } from '../../support/test-app';

/**
 * A real SMTP server in the test process (smtp-server), not a mock: it receives what the app
 * sends over TCP, parses each message with mailparser, and answers the next message with a
 * scripted reply (a 4xx or 5xx) when one is queued.
 */
export type TestSmtpServer = {
  url: string;
  received: ParsedMail[];
  /** Replies for the next messages, in order: `{ code: 451, message: 'Try again later' }`. */
  replyNext(reply: { code: number; message: string }): void;
  close(): Promise<void>;
};

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const replies: { code: number; message: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const reply = replies.shift();
          if (reply) {
            callback(Object.assign(new Error(reply.message), { responseCode: reply.code }));
            return;
          }
          received.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    replyNext: (reply) => replies.push(reply),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type JobRecord = {
  job_id: string;
  kind: string;
  status: string;
  attempts: number;
  run_at: Date;
  last_error: string | null;
  checkpoint: string | null;
};

export async function jobRow(t: TestApp, jobId: string): Promise<JobRecord> {
  const [row] = await t.database.query<JobRecord>(
    `SELECT job_id, kind, status, attempts, run_at, last_error, checkpoint FROM jobs
      WHERE job_id = $1`,
    [jobId],
  );
  if (!row) throw new Error(`no job ${jobId}`);
  return row;
}

/** The newest jobs of a kind, newest first. */
export async function jobsOfKind(t: TestApp, kind: string): Promise<JobRecord[]> {
  return t.database.query<JobRecord>(
    `SELECT job_id, kind, status, attempts, run_at, last_error, checkpoint FROM jobs
      WHERE kind = $1 ORDER BY created_at DESC, job_id`,
    [kind],
  );
}

/** Moves the app's clock by `ms` from where it stands. */
export function advanceClock(t: TestApp, ms: number): Date {
  const next = new Date(t.app.deps.clock.now().getTime() + ms);
  t.app.deps.clock.now = () => new Date(next.getTime());
  return next;
}
