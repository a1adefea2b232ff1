/**
 * `npm start`: builds the site and the server when either build is missing or older than its
 * sources (or was made with other build-time settings), then runs the server with plain
 * `node`. Plain JS itself, so it needs no loader. A current build starts without the build
 * tools (devDependencies): a production install may omit them once `npm run build` has run.
 */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildServer, OUT_DIR, ROOT, staleBecause } from './build-server.mjs';

const SERVER = join(OUT_DIR, 'node.mjs');

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
}

await import(pathToFileURL(SERVER).href);
