// The built server as the benchmark runs it: a child process on a free port, and a signed-in
// member of staff (cookie and CSRF token) to call the staff endpoints with.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../scripts/support/harness.mjs';

const root = path.resolve(import.meta.dirname, '..');

export type Server = { base: string; stop: () => Promise<void> };

export async function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_NODE_ARGS: flags for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'dist/server/main.js')], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: process.env.BENCH_DEBUG ? 'inherit' : 'ignore',
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  for (let i = 0; i < 400 && !exited; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        return {
          base,
          stop: () =>
            new Promise((resolve) => {
              if (exited) return resolve();
              child.once('exit', () => resolve());
              child.kill('SIGTERM');
            }),
        };
      }
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  child.kill('SIGKILL');
  throw new Error(`the server on ${base} did not become healthy`);
}

export type StaffSession = { cookie: string; csrf: string };

/** Signs in through the API and fetches a CSRF token, as the browser does. */
export async function staffSession(
  base: string,
  email: string,
  password: string,
): Promise<StaffSession> {
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}: ${await signIn.text()}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const csrf = await fetch(`${base}/api/auth/csrf`, { headers: { cookie } });
  const { token } = (await csrf.json()) as { token: string };
  const more = csrf.headers.getSetCookie().map((line) => line.split(';')[0]);
  return { cookie: [cookie, ...more].join('; '), csrf: token };
}
