import { ConfigError, loadConfig, type Config } from '../src/server/config';
import { DataDirLockedError } from '../src/server/db/data-dir-lock';

/** Shared start of the command-line tools: configuration errors and a locked DATA_DIR exit 1. */
export function cliConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

export function cliFail(error: unknown): never {
  if (error instanceof DataDirLockedError) console.error(error.message);
  else if (error instanceof Error) console.error(error.message);
  else console.error(error);
  process.exit(1);
}

/** Parses `--name value` pairs. */
export function parseFlags(argv: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) continue;
    const [name, inline] = arg.slice(2).split('=', 2) as [string, string | undefined];
    if (inline !== undefined) flags[name] = inline;
    else {
      flags[name] = argv[i + 1] ?? '';
      i++;
    }
  }
  return flags;
}
