import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import type { Database } from './client';
import { accounts, sessions, twoFactors, users, verifications } from './schema';

/**
 * better-auth's tables, through its Drizzle adapter: the sign-in library reaches the database
 * only here (auth/auth.ts passes this to it), like every other feature through a repository.
 */
export function authDatabaseAdapter(database: Database) {
  return drizzleAdapter(database.db, {
    provider: 'pg',
    schema: { users, sessions, accounts, verifications, twoFactors },
  });
}
