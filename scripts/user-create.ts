// `npm run user:create -- --email E --password P --role R [--name N]`: the way the first
// administrator is made on a real install.
import { z } from 'zod';
import { ROLES } from '../src/domain/constants';
import { createAuth } from '../src/server/auth/auth';
import { PASSWORD_MIN_LENGTH } from '../src/domain/constants';
import { createStaffUser } from '../src/server/auth/users.service';
import { prepareDatabase } from '../src/server/db/prepare';
import { cliConfig, cliFail, parseFlags } from './cli';

const usage =
  'Usage: npm run user:create -- --email you@example.com --password "a long passphrase" --role admin [--name "Your Name"]';

const args = z
  .object({
    email: z.string().trim().email('--email must be an e-mail address'),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `--password must be at least ${PASSWORD_MIN_LENGTH} characters`)
      .max(128, '--password must be 128 characters or less'),
    role: z.enum(ROLES, { message: `--role must be one of ${ROLES.join(', ')}` }),
    name: z.string().trim().min(1).max(100).optional(),
  })
  .safeParse(parseFlags(process.argv.slice(2)));

if (!args.success) {
  console.error(args.error.issues[0]?.message ?? 'Invalid arguments');
  console.error(usage);
  process.exit(1);
}

const config = cliConfig();
try {
  // Demo data is not added by this command, whatever DEMO says.
  const prepared = await prepareDatabase({ ...config, demo: false });
  const auth = createAuth({ database: prepared.database, config });
  const { email, password, role } = args.data;
  const name = args.data.name ?? email.split('@')[0]!;
  const user = await createStaffUser(auth, prepared.database, { email, password, role, name });
  console.log(`Created ${user.role} ${user.email}.`);
  await prepared.release();
} catch (error) {
  cliFail(error);
}
