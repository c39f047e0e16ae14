import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/server/config';
import { prepareDatabase } from '../../../src/server/db/prepare';
import { testDbKind } from '../../support/test-database';
import { TEST_ENV } from '../../support/test-app';

/**
 * `npm run audit:verify` (README "Audit trail"): run as the operator runs it, against a database
 * of its own (a DATA_DIR on the embedded database, a new database on PostgreSQL). A row altered
 * behind the database's back (its append-only guard switched off) is reported and the command
 * exits 1.
 */

let env: Record<string, string>;
let dropDatabase = async () => {};

beforeAll(async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'resort-verify-'));
  env = { ...TEST_ENV, DATA_DIR: dataDir, DEMO: '0' };
  if (testDbKind() === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `resort_verify_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    env.DATABASE_URL = url.toString();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
  }
  const prepared = await prepareDatabase(loadConfig(env));
  for (const code of ['VER1', 'VER2', 'VER3']) {
    await prepared.database.query(
      `INSERT INTO units (unit_name, unit_code, unit_type, base_occupancy, max_occupancy,
                          base_rate, weekend_rate)
       VALUES ($1, $2, 'Standard', 2, 4, 3000, 3000)`,
      [`Verify ${code}`, code],
    );
  }
  await prepared.release();
});

afterAll(async () => {
  await dropDatabase();
  rmSync(env.DATA_DIR!, { recursive: true, force: true });
});

function auditVerify() {
  const result = spawnSync(
    path.resolve('node_modules/.bin/tsx'),
    [path.resolve('scripts/audit-verify.ts')],
    { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe(`npm run audit:verify (${process.env.TEST_DB})`, () => {
  // Two runs of the command as the operator runs it (tsx compiling the server's modules, then
  // opening the database): on a loaded 2-core CI machine each has taken over 30 s.
  it('says the trail is intact, then names the row altered behind the database’s back', async () => {
    const intact = auditVerify();
    expect(intact.stderr).toBe('');
    expect(intact.status).toBe(0);
    expect(intact.stdout).toMatch(/^Audit trail intact: \d+ rows checked\.\n$/);

    const prepared = await prepareDatabase(loadConfig(env));
    const [victim] = await prepared.database.query<{ audit_id: string; chain_position: number }>(
      `SELECT audit_id, chain_position FROM audit_logs
        WHERE table_name = 'units' ORDER BY chain_position LIMIT 1 OFFSET 1`,
    );
    await prepared.database.exec(`
      ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_append_only;
      UPDATE audit_logs SET user_email = 'nobody@resort.ph' WHERE audit_id = '${victim!.audit_id}';
      ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_append_only;`);
    await prepared.release();

    const broken = auditVerify();
    expect(broken.status).toBe(1);
    expect(broken.stderr.trim()).toBe(
      `Audit trail BROKEN at chain position ${victim!.chain_position} (audit_id ${victim!.audit_id}): the row was changed after it was written.`,
    );
  }, 300_000);
});
