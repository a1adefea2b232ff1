/**
 * Bundles the Node entry (src/worker/node.ts) into plain JavaScript in dist-server/, so the
 * server starts with `node dist-server/node.mjs` — no TypeScript loader, no build tools.
 * Packages stay external and load from node_modules as usual (libSQL's native module among
 * them); only the project's own TypeScript is compiled in. Plain JS itself, so it needs no loader.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const OUT_DIR = fileURLToPath(new URL('../dist-server/', import.meta.url));
/** Written last by every build, so `npm start` knows the site and server in place are current (scripts/start.mjs). */
export const STAMP_FILE = 'build.json';
/** Settings Astro writes into the pages at build time: a change needs a new build. */
export const BUILD_SETTINGS = ['PUBLIC_SITE_URL', 'PUBLIC_ANALYTICS_SRC'];

/** What a build is made from: anything newer than the stamp makes it stale. */
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

/** The build-time settings of this process, as the stamp records them. */
const buildSettings = () => Object.fromEntries(BUILD_SETTINGS.map((name) => [name, process.env[name] ?? null]));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** Why the site and server in `outDir` must be built again (Norwegian, for `npm start`'s line), or null when they are current. */
export function staleBecause(outDir = OUT_DIR) {
  const stamp = join(outDir, STAMP_FILE);
  if (!existsSync(join(ROOT, 'dist', 'index.html')) || !existsSync(join(outDir, 'node.mjs')) || !existsSync(stamp)) {
    return 'ingen bygg funnet';
  }
  const { settings } = JSON.parse(readFileSync(stamp, 'utf8'));
  if (JSON.stringify(settings) !== JSON.stringify(buildSettings())) return 'andre byggeinnstillinger';
  const newest = Math.max(...INPUTS.map((p) => newestMtime(join(ROOT, p))));
  return newest > statSync(stamp).mtimeMs ? 'kildene er endret' : null;
}

/**
 * Bundled, every module would share the bundle's `import.meta.url`, and paths such as
 * `new URL('../../dist', import.meta.url)` or db/node.ts's migrations folder would point
 * next to dist-server/. Give each of our files back its own URL, relative to the bundle.
 */
const ownImportMetaUrl = (outDir) => ({
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async ({ path }) => {
      if (path.includes(`${sep}node_modules${sep}`)) return undefined;
      const source = await readFile(path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const fromBundle = relative(outDir, path).split(sep).join('/');
      return {
        contents: source.replaceAll('import.meta.url', `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
        loader: 'ts',
      };
    });
  },
});

/**
 * `outDir`: elsewhere than dist-server/ for a test that starts the built server (inside the project, so packages resolve).
 * Runs after the site's build (`npm run build`, and `npm start` when it builds), so the stamp it
 * writes last stands for both: the folder is emptied first, and a stamp written by anyone else would go with it.
 */
export async function buildServer(outDir = OUT_DIR) {
  // Loaded only to build: `npm start` on a built site imports this file without the build tools installed.
  const { build } = await import('esbuild');
  await rm(outDir, { recursive: true, force: true });
  await build({
    stdin: {
      contents: "import { main } from './src/worker/node.ts';\nawait main();\n",
      resolveDir: ROOT,
      sourcefile: 'node.ts',
      loader: 'ts',
    },
    outdir: outDir,
    entryNames: 'node',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // Keeps the SMTP transport (and nodemailer) a lazy chunk, as the dynamic import in node.ts intends.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    sourcemap: 'linked',
    plugins: [ownImportMetaUrl(outDir)],
    logLevel: 'warning',
  });
  const stamp = { settings: buildSettings(), builtAt: new Date().toISOString() };
  await writeFile(join(outDir, STAMP_FILE), JSON.stringify(stamp, null, 2) + '\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
