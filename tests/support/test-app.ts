import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig, type Config } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { createTestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
};

export const TEST_ENV = {
  NODE_ENV: 'test',
  CAPTCHA_PROVIDER: 'none',
  PUBLIC_RATE_LIMIT: '0',
  LOG_LEVEL: 'silent',
  SESSION_SECRET: 'test-session-secret-0123456789abcdef0123456789',
} as const;

/**
 * The real app on a fresh database, driven through `app.inject` (CONVENTIONS "Tests").
 * `beforeReady` may add routes or hooks before the app is sealed.
 */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    config?: Partial<Config>;
    beforeReady?: (app: FastifyInstance, database: Database) => void | Promise<void>;
  } = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'resort-test-'));
  const config = loadConfig({ ...TEST_ENV, DATA_DIR: dataDir, ...options.env }, options.config);
  const app = await buildApp({ config, database, serveWeb: false });
  await options.beforeReady?.(app, database);
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
