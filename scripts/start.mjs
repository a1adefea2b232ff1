/**
 * `npm start`: builds the site and the server when either build is missing or older than its
 * sources (or was made with other build-time settings), then runs the server with plain
 * `node`. Plain JS itself, so it needs no loader. A current build starts without the build
 * tools (devDependencies): a production install may omit them once `npm run build` has run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, OUT_DIR, ROOT } from './build-server.mjs';

const SERVER = join(OUT_DIR, 'node.mjs');
const STAMP = join(OUT_DIR, 'build.json');
const INPUTS = [
  'src',
  'db',
  'public',
  'astro.config.mjs',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
];
/** Settings Astro writes into the pages at build time: a change needs a new build. */
const BUILD_SETTINGS = ['PUBLIC_SITE_URL', 'PUBLIC_ANALYTICS_SRC'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const settings = Object.fromEntries(BUILD_SETTINGS.map((name) => [name, process.env[name] ?? null]));

function staleBecause() {
  if (!existsSync(join(ROOT, 'dist', 'index.html')) || !existsSync(SERVER) || !existsSync(STAMP)) return 'ingen bygg funnet';
  const stamp = JSON.parse(readFileSync(STAMP, 'utf8'));
  if (JSON.stringify(stamp.settings) !== JSON.stringify(settings)) return 'andre byggeinnstillinger';
  const newest = Math.max(...INPUTS.map((p) => newestMtime(join(ROOT, p))));
  return newest > statSync(STAMP).mtimeMs ? 'kildene er endret' : null;
}

/** Astro's command line, or a one-line stop when the build tools were left out of the install. */
function astroBin() {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('astro/package.json')), 'bin', 'astro.mjs');
  } catch {
    console.error(
      'Byggeverktøyene mangler (devDependencies): kjør `npm install`, så bygger `npm start` nettstedet; først etterpå kan de utelates.',
    );
    process.exit(1);
  }
}

const reason = staleBecause();
if (reason) {
  console.log(`Bygger nettstedet og serveren (${reason}) …`);
  const astro = astroBin();
  const site = spawnSync(process.execPath, [astro, 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (site.status !== 0) process.exit(site.status ?? 1);
  await buildServer();
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(STAMP, JSON.stringify({ settings, builtAt: new Date().toISOString() }, null, 2) + '\n');
}

await import(pathToFileURL(SERVER).href);
