// `npm run db:migrate`: applies pending migrations (and seeds the cabins of a new embedded database).
import { prepareDatabase } from '../src/server/db/prepare';
import { cliConfig, cliFail } from './cli';

const config = cliConfig();
try {
  const prepared = await prepareDatabase(config, { seedDemo: false });
  console.log(
    prepared.migrationsApplied.length > 0
      ? `Applied migrations: ${prepared.migrationsApplied.join(', ')}`
      : 'The database is up to date.',
  );
  if (prepared.cabinsSeeded > 0) console.log(`Added the resort's ${prepared.cabinsSeeded} cabins.`);
  await prepared.release();
} catch (error) {
  cliFail(error);
}
