import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import type { Config } from '../../../src/server/config';
import { openDatabase, type Database } from '../../../src/server/db/client';
import {
  createUserWithRole,
  injectWithJar,
  sessionFromJar,
  signInAs,
  type SignedIn,
} from '../../support/auth';
import { countRows } from '../../support/back-office';
import { createUnit } from '../../support/factories';
import { createTestApp, type TestApp } from '../../support/test-app';
import { airbnbFeed, startFeedServer, type FeedServer } from '../channels/feed-server';

/**
 * Issue 24 point 2: two app instances on one PostgreSQL database, sharing nothing but the
 * database and the configuration (SESSION_SECRET above all), behave as one. This file runs on
 * the integration-postgres project only (vitest.config.ts leaves it out of the PGlite one: an
 * embedded database belongs to one process).
 */

const RATE_LIMIT = 6;
const TODAY = '2027-03-10T04:00:00Z';

let a: TestApp;
let b: TestApp;
let secondDatabase: Database;
let secondUrl: string;
let feeds: FeedServer;

/** A second app on its own connection pool to the first one's database, as a second server. */
async function secondInstance(first: TestApp, config: Config) {
  const [row] = await first.database.query<{ name: string }>('SELECT current_database() AS name');
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), max: 5 });
  const app = await buildApp({ config, database, serveWeb: false });
  await app.ready();
  return { app, database };
}

function setClocks(iso: string) {
  const instant = new Date(iso);
  for (const t of [a, b]) t.app.deps.clock.now = () => instant;
}

/** The first instance's session, driven through the second instance. */
function on(t: TestApp, session: SignedIn): SignedIn {
  return {
    ...session,
    inject: (input) =>
      injectWithJar(t, session.jar, {
        ...input,
        headers: { 'x-csrf-token': session.csrf, ...input.headers },
      }),
  };
}

beforeAll(async () => {
  feeds = await startFeedServer();
  a = await createTestApp({
    env: {
      PUBLIC_RATE_LIMIT: String(RATE_LIMIT),
      // The requests below come through "the proxy" at 127.0.0.1 (app.inject's address).
      TRUST_PROXY: '127.0.0.1',
      FETCH_ALLOW_PRIVATE: '1',
    },
  });
  // Same configuration (the same SESSION_SECRET), its own DATA_DIR and pool.
  const second = await secondInstance(a, { ...a.config });
  secondDatabase = second.database;
  b = { ...a, app: second.app, database: second.database };
  // B serves real HTTP too, for its event stream (app.inject still reaches it).
  secondUrl = (await b.app.listen({ port: 0, host: '127.0.0.1' })).replace(
    'localhost',
    '127.0.0.1',
  );
  setClocks(TODAY);
});

afterAll(async () => {
  await b?.app.close();
  await secondDatabase?.close();
  await a?.close();
  await feeds?.close();
});

describe('two instances on one PostgreSQL (issue 24)', () => {
  it('a session made on A works on B, and signing out on A ends it on B', async () => {
    const staff = await signInAs(a, 'staff');
    const onB = await injectWithJar(b, staff.jar, { method: 'GET', url: '/api/auth/session' });
    expect(onB.statusCode, onB.body).toBe(200);
    expect(onB.json().user.email).toBe(staff.user.email);

    // A copy of the cookie kept elsewhere: after signing out on A it opens nothing on B.
    const cookie = staff.cookie;
    const out = await staff.inject({ method: 'POST', url: '/api/auth/sign-out' });
    expect(out.statusCode, out.body).toBe(200);
    const stale = await b.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: { cookie },
    });
    expect(stale.statusCode).toBe(401);
  });

  it('a CSRF token issued by A is accepted by B, and a wrong one refused by both', async () => {
    const manager = await signInAs(a, 'manager');
    const unit = await createUnit(a.database);
    const blackout = {
      unit_id: unit.unit_id,
      start_date: '2035-04-01',
      end_date: '2035-04-01',
      reason: 'Inspection',
    };
    const accepted = await on(b, manager).inject({
      method: 'POST',
      url: '/api/blackouts',
      payload: blackout,
      headers: { 'x-forwarded-for': '203.0.113.30' },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    // The audit trail names the client the trusted proxy passed on, not the proxy.
    const audit = await a.database.query<{ ip_address: string }>(
      `SELECT ip_address FROM audit_logs WHERE table_name = 'availability_blackouts' AND record_id = $1`,
      [accepted.json().data.blackout_id],
    );
    expect(audit.map((row) => row.ip_address)).toEqual(['203.0.113.30']);

    const forged = 'f'.repeat(64);
    for (const t of [a, b]) {
      const refused = await injectWithJar(t, manager.jar, {
        method: 'POST',
        url: '/api/blackouts',
        payload: { ...blackout, start_date: '2035-05-01', end_date: '2035-05-01' },
        headers: { 'x-csrf-token': forged },
      });
      expect(refused.statusCode).toBe(403);
    }
  });

  it('an instance with another SESSION_SECRET refuses the session (why the secret is shared)', async () => {
    const staff = await signInAs(a, 'staff');
    const other = await secondInstance(a, {
      ...a.config,
      sessionSecret: 'another-secret-of-another-machine-0123456789',
    });
    try {
      const response = await other.app.inject({
        method: 'GET',
        url: '/api/auth/session',
        headers: { cookie: staff.cookie },
      });
      expect(response.statusCode).toBe(401);
    } finally {
      await other.app.close();
      await other.database.close();
    }
  });

  /** Requests from `client` (through the proxy), alternating over `apps`, until the first 429. */
  async function allowedBeforeLimit(apps: FastifyInstance[], client: string): Promise<number> {
    for (let n = 0; n < RATE_LIMIT * 3; n += 1) {
      const response = await apps[n % apps.length]!.inject({
        method: 'POST',
        url: '/api/guest-booking',
        payload: {},
        headers: { 'x-forwarded-for': client },
      });
      if (response.statusCode === 429) return n;
      expect(response.statusCode).toBe(400);
    }
    return Infinity;
  }

  it('the public rate limit is counted across A and B, per client address behind the proxy', async () => {
    // One instance alone, then both in turn: the same total is allowed.
    expect(await allowedBeforeLimit([a.app], '203.0.113.10')).toBe(RATE_LIMIT);
    expect(await allowedBeforeLimit([a.app, b.app], '203.0.113.11')).toBe(RATE_LIMIT);
    // Another client behind the same proxy keeps its own allowance.
    const other = await b.app.inject({
      method: 'POST',
      url: '/api/guest-booking',
      payload: {},
      headers: { 'x-forwarded-for': '203.0.113.12' },
    });
    expect(other.statusCode).toBe(400);
    // A caller that is not the trusted proxy cannot name its own address: X-Forwarded-For is
    // ignored and its socket address counts.
    const direct = { remoteAddress: '198.51.100.7' };
    for (let n = 0; n < RATE_LIMIT; n += 1) {
      const response = await a.app.inject({
        method: 'POST',
        url: '/api/guest-booking',
        payload: {},
        headers: { 'x-forwarded-for': `192.0.2.${n}` },
        ...direct,
      });
      expect(response.statusCode).toBe(400);
    }
    const limited = await b.app.inject({
      method: 'POST',
      url: '/api/guest-booking',
      payload: {},
      headers: { 'x-forwarded-for': '192.0.2.99' },
      ...direct,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('five wrong passwords split over A and B lock the account on both', async () => {
    const account = await createUserWithRole(a, 'staff');
    for (let n = 0; n < 5; n += 1) {
      const response = await (n % 2 === 0 ? a : b).app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: account.email, password: 'not the password at all' },
        headers: { 'x-forwarded-for': '203.0.113.20' },
      });
      expect(response.statusCode).toBe(n === 4 ? 423 : 401);
    }
    for (const t of [a, b]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: account.email, password: account.password },
        headers: { 'x-forwarded-for': '203.0.113.21' },
      });
      expect(response.statusCode).toBe(423);
    }
    // The attempts are recorded with the client's address the proxy passed on.
    const rows = await a.database.query<{ ip_address: string }>(
      `SELECT DISTINCT ip_address FROM login_attempts WHERE email = $1`,
      [account.email],
    );
    expect(rows.map((row) => row.ip_address).sort()).toEqual(['203.0.113.20', '203.0.113.21']);
  });

  it("a booking made on A reaches B's event stream; its key replayed on B answers A's booking", async () => {
    const staff = await signInAs(a, 'staff');
    const unit = await createUnit(a.database);
    const controller = new AbortController();
    const stream = await fetch(`${secondUrl}/api/events`, {
      headers: { cookie: staff.cookie, accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    const readUntil = async (needle: string) => {
      const deadline = Date.now() + 5000;
      while (!received.includes(needle)) {
        if (Date.now() > deadline) throw new Error(`no "${needle}" in: ${received}`);
        const chunk = await reader.read();
        if (chunk.done) throw new Error(`stream ended before "${needle}"`);
        received += decoder.decode(chunk.value, { stream: true });
      }
    };
    try {
      await readUntil(': connected');
      const key = randomUUID();
      const body = {
        primary_guest: {
          guest_name: 'Maria Santos',
          email: 'maria.santos@example.ph',
          contact_number: '+63 917 555 0101',
        },
        check_in: '2027-04-12',
        check_out: '2027-04-14',
        units: [{ unit_id: unit.unit_id, num_guests: 2 }],
        payment: { method: 'GCash' },
        source: 'web',
      };
      const before = await countRows(a.database, 'bookings');
      const first = await staff.inject({
        method: 'POST',
        url: '/api/bookings/multi-unit',
        payload: body,
        headers: { 'idempotency-key': key },
      });
      expect(first.statusCode, first.body).toBe(201);
      const bookingId = first.json().data.booking_id as string;
      await readUntil(`"id":"${bookingId}"`);
      expect(received).toMatch(new RegExp(`event: booking\\ndata: [^\\n]*"id":"${bookingId}"`));

      const replay = await on(b, staff).inject({
        method: 'POST',
        url: '/api/bookings/multi-unit',
        payload: body,
        headers: { 'idempotency-key': key },
      });
      expect(replay.statusCode).toBe(201);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.json()).toEqual(first.json());
      expect(await countRows(a.database, 'bookings')).toBe(before + 1);
    } finally {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    }
  });
});

describe('background work on two instances (issue 24)', () => {
  it("runs each job once with both instances' workers polling", async () => {
    await a.database.query(`CREATE TABLE test_two_instance_runs (n int NOT NULL, worker text)`);
    const workers = [
      { name: 'A', jobs: a.app.deps.jobs },
      { name: 'B', jobs: b.app.deps.jobs },
    ];
    for (const worker of workers) {
      worker.jobs.register('two-instances-once', async (payload) => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        await a.database.query(`INSERT INTO test_two_instance_runs (n, worker) VALUES ($1, $2)`, [
          payload.n,
          worker.name,
        ]);
      });
    }
    const count = 30;
    for (let n = 0; n < count; n += 1) {
      await (n % 2 === 0 ? a : b).app.deps.jobs.enqueue({
        kind: 'two-instances-once',
        payload: { n },
      });
    }
    for (const worker of workers) worker.jobs.startWorker({ pollMs: 10 });
    try {
      await expect
        .poll(
          async () =>
            (
              await a.database.query<{ n: number }>(
                `SELECT count(*)::int AS n FROM jobs
                  WHERE kind = 'two-instances-once' AND status = 'done'`,
              )
            )[0]!.n,
          { timeout: 30_000 },
        )
        .toBe(count);
    } finally {
      for (const worker of workers) await worker.jobs.stopWorker();
    }
    const runs = await a.database.query<{ n: number; runs: number }>(
      `SELECT n, count(*)::int AS runs FROM test_two_instance_runs GROUP BY n`,
    );
    expect(runs).toHaveLength(count);
    expect(runs.every((row) => row.runs === 1)).toBe(true);
    // Both took part.
    const byWorker = await a.database.query<{ worker: string }>(
      `SELECT DISTINCT worker FROM test_two_instance_runs ORDER BY worker`,
    );
    expect(byWorker.map((row) => row.worker)).toEqual(['A', 'B']);
  });

  it('a channel import started on both instances at once imports each event once', async () => {
    const manager = await signInAs(a, 'manager');
    const unit = await createUnit(a.database);
    feeds.calendar(
      '/both.ics',
      airbnbFeed([
        { uid: 'both-1@airbnb.com', summary: 'Reserved', start: '2027-05-01', end: '2027-05-04' },
        { uid: 'both-2@airbnb.com', summary: 'Reserved', start: '2027-05-10', end: '2027-05-12' },
        {
          uid: 'both-3@airbnb.com',
          summary: 'Airbnb (Not available)',
          start: '2027-06-01',
          end: '2027-06-08',
        },
      ]),
    );
    const created = await manager.inject({
      method: 'POST',
      url: `/api/units/${unit.unit_id}/feeds`,
      payload: { name: 'Airbnb listing', url: feeds.url('/both.ics'), channel: 'Airbnb' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const feedId = created.json().data.feed_id as string;
    const managerOnB = await sessionFromJar(b, manager.jar, manager.user);

    const [onA, onB] = await Promise.all([
      manager.inject({ method: 'POST', url: `/api/feeds/${feedId}/sync` }),
      managerOnB.inject({ method: 'POST', url: `/api/feeds/${feedId}/sync` }),
    ]);
    expect(onA.statusCode, onA.body).toBe(200);
    expect(onB.statusCode, onB.body).toBe(200);
    expect(feeds.hits('/both.ics')).toBe(2);
    // Neither run failed: the second waited for the first and found its holds unchanged.
    for (const answer of [onA, onB]) expect(answer.json().data.last_error).toBeNull();
    const holds = await a.database.query<{ uid: string }>(
      `SELECT uid FROM external_holds WHERE feed_id = $1 ORDER BY uid`,
      [feedId],
    );
    expect(holds.map((hold) => hold.uid)).toEqual([
      'both-1@airbnb.com',
      'both-2@airbnb.com',
      'both-3@airbnb.com',
    ]);
    const log = await a.database.query<{ message: string }>(
      `SELECT message FROM channel_feed_log WHERE feed_id = $1 ORDER BY created_at, message`,
      [feedId],
    );
    const summaries = log.map((line) => line.message).sort();
    expect(summaries).toEqual([
      'Downloaded 3 events: 0 new, 0 changed, 0 released, 3 unchanged.',
      'Downloaded 3 events: 3 new, 0 changed, 0 released, 0 unchanged.',
    ]);
  });
});
