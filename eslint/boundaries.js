/**
 * The import boundaries of the layout (docs/decisions/0009-layout.md), as one ESLint rule:
 * - src/shared imports only zod, itself and the data model's vocabularies (db/schema/enums);
 * - db/ never imports src/;
 * - browser code (src/browser, src/islands, src/components, src/pages) imports server code
 *   (src/worker, db/ other than the vocabularies) only with `import type`;
 * - the server never imports browser code;
 * - a feature is entered from outside only through its index.ts (and app.ts mounts routes.ts);
 * - src/worker/http (Hono plumbing) never imports a feature: features stand on the plumbing, not
 *   the other way round (what a feature needs of a request, e.g. the session, lives in the feature);
 * - the product (src/, db/ outside their *.test.ts) never imports a test tool or tests/: what the
 *   tests share lives in tests/support.
 */
import { dirname, join, normalize, relative } from 'node:path';
import { readFileSync } from 'node:fs';

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

const under = (path, dir) => path === dir || path.startsWith(`${dir}/`);
const stem = (path) => path.replace(/\.(ts|tsx|js|mjs|astro)$/, '').replace(/\/index$/, '');
const VOCABULARIES = 'db/schema/enums';
const BROWSER = ['src/browser', 'src/islands', 'src/components', 'src/pages', 'src/layouts'];
const SERVER = ['src/worker', 'db'];

/** The problem with importing `spec` from `file`, or null. */
function problem(file, spec, typeOnly) {
  const from = relative(ROOT, file);
  const target = resolve(file, spec);
  const feature = (p) => /^src\/worker\/features\/([^/]+)\//.exec(p ?? '')?.[1];

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
    const mounts = from === 'src/worker/app.ts' && stem(target) === `src/worker/features/${into}/routes`;
    if (!entry && !mounts) return `enter the ${into} feature through its index.ts (not '${spec}')`;
  }
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
