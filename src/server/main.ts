import path from 'node:path';
import { buildApp } from './app';
import { countUsers } from './auth/auth.repository';
import { installBackupSignal } from './db/backup';
import { ConfigError, loadConfig, type Config } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { prepareDatabase } from './db/prepare';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const prepared = await prepareDatabase(config).catch((error: unknown) => {
    if (error instanceof DataDirLockedError) fail(error.message);
    throw error;
  });
  const { database } = prepared;

  const app = await buildApp({
    config,
    database,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-csrf-token"]'],
    },
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests and closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await prepared.release();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // `npm run backup` while the app runs: the embedded database has one connection, this one.
  if (database.kind === 'pglite') installBackupSignal(database, config.dataDir);
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const host = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;

  const lines = [
    '',
    `  Resort booking system is running on http://${host === '127.0.0.1' ? 'localhost' : host}:${port}`,
    `  Database: ${database.kind === 'pglite' ? `embedded (${path.join(config.dataDir, 'db')})` : 'PostgreSQL'}`,
  ];
  if (database.kind === 'postgres' && config.sessionSecretSource === 'data-dir') {
    lines.push(
      `  Session secret: generated into ${path.join(config.dataDir, 'session-secret')}. When several`,
      '  instances share this database, give every one the same SESSION_SECRET (README "Running',
      '  several instances"): a session or CSRF token signed by one is refused by the others.',
    );
  }
  if (prepared.demoAccounts && prepared.demoAccounts.length > 0) {
    lines.push(
      '',
      '  Demo accounts (shown once; also saved in ' +
        path.join(config.dataDir, 'demo-accounts.txt') +
        '):',
    );
    for (const account of prepared.demoAccounts) {
      lines.push(`    ${account.role.padEnd(8)} ${account.email}  ${account.password}`);
    }
  } else if (config.demo) {
    lines.push(`  Demo accounts: see ${path.join(config.dataDir, 'demo-accounts.txt')}`);
  }
  if ((await countUsers(database)) === 0) {
    lines.push(
      '',
      '  No staff account exists yet. Create the first administrator (stop the server first when',
      '  using the embedded database):',
      '    npm run user:create -- --email you@example.com --password "a long passphrase" --role admin',
    );
  }
  console.log(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
