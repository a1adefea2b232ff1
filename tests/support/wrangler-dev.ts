/**
 * `wrangler dev` as the Workers path runs locally: the repo's wrangler.toml and Worker in
 * workerd (local mode) on a free loopback port. Settings come from an env file written to a
 * temp dir, never the developer's `.dev.vars`; nothing reaches Cloudflare (no telemetry, no
 * update check, no cf.json download, no remote bindings). It runs in its own process group,
 * so stop() also ends workerd.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { terminate, waitUntil, watch } from './child-process';
import { freePort } from './free-port';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WRANGLER = join(ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js');

export type WranglerDev = {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** The last part of wrangler's output: its warnings and the Worker's errors. */
  log(): string;
  stop(): Promise<void>;
};

/** dotenv reads these unquoted and unexpanded exactly as given. */
const PLAIN_VALUE = /^[^\s'"`\\$#]*$/;

/**
 * Starts `wrangler dev` with `settings` on top of wrangler.toml's `[vars]` (secrets such as
 * LIBSQL_URL, and test overrides). Serves a snapshot of `dist/`, so a concurrent build cannot
 * pull files away mid-run.
 */
export async function startWranglerDev(settings: Record<string, string>, startTimeoutMs = 90_000): Promise<WranglerDev> {
  if (!existsSync(join(ROOT, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npx astro build` first');
  const dir = mkdtempSync(join(tmpdir(), 'soloprenor-wrangler-'));
  cpSync(join(ROOT, 'dist'), join(dir, 'assets'), { recursive: true });
  const envFile = join(dir, 'worker.env');
  writeFileSync(
    envFile,
    Object.entries(settings)
      .map(([name, value]) => {
        if (!PLAIN_VALUE.test(value)) throw new Error(`startWranglerDev: ${name} has characters an env file would change`);
        return `${name}=${value}\n`;
      })
      .join(''),
  );

  const [port, inspectorPort] = [await freePort(), await freePort()];
  const url = `http://127.0.0.1:${port}`;
  const args = [
    WRANGLER,
    'dev',
    '--local',
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(inspectorPort),
    // Given an env file, wrangler loads it instead of .dev.vars / .env.
    '--env-file',
    envFile,
    '--assets',
    join(dir, 'assets'),
    '--persist-to',
    join(dir, 'state'),
    '--show-interactive-dev-session=false',
    '--live-reload=false',
    // No line per request (it costs the dev server throughput); warnings and the Worker's errors stay.
    '--log-level',
    'warn',
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    detached: true, // its own process group: workerd and esbuild go with it
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      // A developer's Cloudflare account, tokens and wrangler settings stay out.
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(CLOUDFLARE|CF|WRANGLER)_/.test(k))),
      WRANGLER_SEND_METRICS: 'false',
      WRANGLER_SEND_ERROR_REPORTS: 'false',
      DO_NOT_TRACK: '1',
      WRANGLER_HIDE_BANNER: 'true', // the banner is what checks npm for a newer wrangler
      CLOUDFLARE_CF_FETCH_ENABLED: 'false', // request.cf from a built-in sample, not workers.cloudflare.com
      CLOUDFLARE_LOAD_DEV_VARS_FROM_DOT_ENV: 'true',
      CLOUDFLARE_INCLUDE_PROCESS_ENV: 'false', // bindings from the env file only, not this process's env
      WRANGLER_CI_DISABLE_CONFIG_WATCHING: 'true',
      // Its device id, update cache, logs and dev registry go to the temp dir, not the user's home.
      XDG_CONFIG_HOME: join(dir, 'config'),
      WRANGLER_LOG_PATH: join(dir, 'logs'),
      WRANGLER_REGISTRY_PATH: join(dir, 'registry'),
      NO_COLOR: '1',
      FORCE_COLOR: '0',
    },
  });
  const watched = watch(child, 32_768);
  const killOnExit = () => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  };
  process.once('exit', killOnExit);
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      process.off('exit', killOnExit);
      await terminate(child, watched.closed, { group: true });
      rmSync(dir, { recursive: true, force: true });
    })());

  try {
    // The landing page is a static asset: once it answers, the proxy, workerd and the assets are up.
    await waitUntil(
      `wrangler dev at ${url}`,
      async () => {
        const res = await fetch(`${url}/`, { signal: AbortSignal.timeout(2000) });
        await res.arrayBuffer();
        return res.status === 200;
      },
      watched,
      startTimeoutMs,
      200,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, log: watched.log, stop };
}
