/**
 * Bundles the Node entry (src/worker/node.ts) into plain JavaScript in dist-server/, so the
 * server starts with `node dist-server/node.mjs` — no TypeScript loader, no build tools.
 * Packages stay external and load from node_modules as usual (libSQL's native module among
 * them); only the project's own TypeScript is compiled in. Plain JS itself, so it needs no loader.
 */
import { readFile, rm } from 'node:fs/promises';
import { relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const OUT_DIR = fileURLToPath(new URL('../dist-server/', import.meta.url));

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

/** `outDir`: elsewhere than dist-server/ for a test that starts the built server (inside the project, so packages resolve). */
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
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await buildServer();
