// `npm run db:seed`: adds the resort's cabins (those whose codes are free), on either database,
// and the demo data when DEMO=1.
import { createAuth } from '../src/server/auth/auth';
import { prepareDatabase } from '../src/server/db/prepare';
import { addResortCabins, seedDemoOnce } from '../src/server/db/seed';
import { cliConfig, cliFail } from './cli';

const config = cliConfig();
try {
  const prepared = await prepareDatabase({ ...config, demo: false });
  const added = await addResortCabins(prepared.database);
  console.log(added > 0 ? `Added ${added} cabins.` : 'The resort cabins are already there.');
  if (config.demo) {
    const auth = createAuth({ database: prepared.database, config });
    const accounts = await seedDemoOnce(prepared.database, auth, {
      timezone: config.timezone,
      dataDir: config.dataDir,
    });
    if (accounts === null) console.log('The demo data was already seeded.');
    else {
      console.log('Added the demo data. Demo accounts:');
      for (const a of accounts) console.log(`  ${a.role.padEnd(8)} ${a.email}  ${a.password}`);
    }
  }
  await prepared.release();
} catch (error) {
  cliFail(error);
}
