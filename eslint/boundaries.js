/**
 * The import boundaries of the layout (docs/decisions/0009-layout.md), as one ESLint rule:
 * - src/shared imports only zod, itself and the data model's vocabularies (db/schema/enums);
 * - db/ never imports src/;
 * - browser code (src/browser, src/islands, src/components, src/pages) imports server code
 *   (src/worker, db/ other than the vocabularies) only with `import type`;
 * - the server never imports browser code;
 * - a feature is entered from outside only through its index.ts (and app.ts mounts routes.ts, as its order test does);
 * - src/worker/http (Hono plumbing) never imports a feature: features stand on the plumbing, not
 *   the other way round (what a feature needs of a request, e.g. the session, lives in the feature);
 * - the product (src/, db/ outside their *.test.ts) never imports a test tool or tests/: what the
 *   tests share lives in tests/support;
 * - no two features import each other, directly or round a longer circle: the shared piece moves
 *   down (into src/worker or db) or is passed in;
 * - copy is imported from the feature's own copy file (#shared/copy/<feature>), not a barrel of all.
 */
import { dirname, join, normalize, relative } from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';

const ROOT = normalize(join(dirname(new URL(import.meta.url).pathname), '..'));
const ALIASES = Object.entries(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).imports ?? {}).map(([from, to]) => ({
  from,
  to: /** @type {string} */ (to),
}));

/** The repository path an import names, or null for a package. */
function resolve(file, spec) {
  if (spec.startsWith('.')) return relative(ROOT, normalize(join(dirname(file), spec)));
  for (const { from, to } of ALIASES) {
    if (from.endsWith('*') ? spec.startsWith(from.slice(0, -1)) : spec === from) {
      const rest = from.endsWith('*') ? spec.slice(from.length - 1) : '';
      return normalize(to.replace('*', rest)).replace(/^\.\//, '');
    }
  }
  return null;
}

/** The files that mount features' routes.ts directly: the app, and its test that mounts them in reverse. */
const MOUNTERS = new Set(['src/worker/app.ts', 'src/worker/app-order.test.ts']);
const under = (path, dir) => path === dir || path.startsWith(`${dir}/`);
const stem = (path) => path.replace(/\.(ts|tsx|js|mjs|astro)$/, '').replace(/\/index$/, '');
const VOCABULARIES = 'db/schema/enums';
const BROWSER = ['src/browser', 'src/islands', 'src/components', 'src/pages', 'src/layouts'];
const SERVER = ['src/worker', 'db'];

const featureOf = (p) => /^src\/worker\/features\/([^/]+)\//.exec(p ?? '')?.[1];
const IMPORT_SPECS = /(?:from\s+|import\s*\(\s*)'([^']+)'/g;

/** Which features each feature's product files import (tests left out), read off the disk once per lint run. */
let featureGraph;
function diskFeatureGraph() {
  if (featureGraph) return featureGraph;
  featureGraph = new Map();
  const dir = join(ROOT, 'src/worker/features');
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const from = featureOf(relative(ROOT, file));
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(IMPORT_SPECS)) {
      const into = featureOf(resolve(file, spec));
      if (!into || into === from) continue;
      if (!featureGraph.has(from)) featureGraph.set(from, new Set());
      featureGraph.get(from).add(into);
    }
  }
  return featureGraph;
}

/** The way back from feature `to` to feature `from` in `graph` (a list of features), or null: an import from→to would close that circle. */
export function wayBack(graph, from, to) {
  const seen = new Set([to]);
  const queue = [[to]];
  while (queue.length) {
    const path = queue.shift();
    for (const next of graph.get(path.at(-1)) ?? []) {
      if (next === from) return [...path, from];
      if (!seen.has(next)) {
        seen.add(next);
        queue.push([...path, next]);
      }
    }
  }
  return null;
}

const BARREL = /^#shared\/copy\/nb(-parts)?$/;

/** The problem with importing `spec` from `file`, or null. */
function problem(file, spec, typeOnly) {
  const from = relative(ROOT, file);
  const target = resolve(file, spec);
  const feature = featureOf;

  const testFile = /\.test\.tsx?$/.test(from);
  const testTool = spec === 'vitest' || spec.startsWith('vitest/') || (target !== null && under(target, 'tests'));
  if ((under(from, 'src') || under(from, 'db')) && !testFile && testTool) {
    return `the product never imports test tools or tests/: shared test helpers live in tests/support (not '${spec}')`;
  }
  if (under(from, 'src/shared') && !testFile) {
    const ok = target ? under(target, 'src/shared') || stem(target) === VOCABULARIES : spec === 'zod' || spec.startsWith('zod/');
    return ok ? null : `src/shared imports only zod, itself and ${VOCABULARIES} (not '${spec}')`;
  }
  if (under(from, 'db') && target && under(target, 'src')) {
    return `db/ stands on its own: it never imports src/ (not '${spec}')`;
  }
  if (BROWSER.some((d) => under(from, d)) && target && SERVER.some((d) => under(target, d))) {
    if (!typeOnly && stem(target) !== VOCABULARIES)
      return `browser code imports server code only with 'import type' (not '${spec}')`;
  }
  if (under(from, 'src/worker') && target && BROWSER.some((d) => under(target, d))) {
    return `the server never imports browser code (not '${spec}')`;
  }
  const into = feature(target);
  if (into && into !== feature(from) && !under(from, 'tests')) {
    const entry = stem(target) === `src/worker/features/${into}`;
    // app-order.test.ts mounts the same sub-apps as app.ts, in reverse.
    const mounts = MOUNTERS.has(from) && stem(target) === `src/worker/features/${into}/routes`;
    if (!entry && !mounts) return `enter the ${into} feature through its index.ts (not '${spec}')`;
  }
  if (into && feature(from) && into !== feature(from) && !testFile) {
    const back = wayBack(diskFeatureGraph(), feature(from), into);
    if (back)
      return `features import each other (${[feature(from), ...back].join(' → ')}): move the shared piece down into src/worker or db, or pass it in (not '${spec}')`;
  }
  if (BARREL.test(spec))
    return `import copy from its feature's file (#shared/copy/<feature>), not the removed barrel (not '${spec}')`;
  if (into && under(from, 'src/worker/http') && !testFile) {
    return `src/worker/http never imports a feature (not '${spec}')`;
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Layout import boundaries' } },
  create(context) {
    const check = (node, typeOnly) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string') return;
      const message = problem(context.filename, spec, typeOnly);
      if (message) context.report({ node: node.source, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.importKind === 'type'),
      ExportNamedDeclaration: (node) => check(node, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, false),
    };
  },
};

export default { rules: { imports: rule } };
