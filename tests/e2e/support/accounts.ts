import { readFileSync } from 'node:fs';
import path from 'node:path';

export type StaffRole = 'admin' | 'owner' | 'manager' | 'staff';

export interface Account {
  role: StaffRole;
  email: string;
  password: string;
  /** The name the demo seed gives the account ("Demo Owner"). */
  name: string;
}

const ROLE_NAMES: Record<StaffRole, string> = {
  admin: 'Demo Admin',
  owner: 'Demo Owner',
  manager: 'Demo Manager',
  staff: 'Demo Staff',
};

let cache: Map<StaffRole, Account> | null = null;

/**
 * The demo accounts the server made at start-up (DEMO=1): their random passwords are in
 * $E2E_DATA_DIR/demo-accounts.txt, one "role  email  password" line each. Tests must leave these
 * accounts usable: never change their passwords, lock them or turn on two-factor for them; make
 * a throw-away user (createThrowawayUser) for anything destructive.
 */
export function demoAccount(role: StaffRole): Account {
  if (!cache) {
    const dataDir = process.env.E2E_DATA_DIR;
    if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
    const text = readFileSync(path.join(dataDir, 'demo-accounts.txt'), 'utf8');
    cache = new Map();
    for (const line of text.split('\n')) {
      const [lineRole, email, password] = line.trim().split(/\s+/);
      if (!lineRole || lineRole.startsWith('#') || !email || !password) continue;
      if (lineRole in ROLE_NAMES) {
        const role = lineRole as StaffRole;
        cache.set(role, { role, email, password, name: ROLE_NAMES[role] });
      }
    }
  }
  const account = cache.get(role);
  if (!account) throw new Error(`No demo account for role ${role} in demo-accounts.txt`);
  return account;
}
