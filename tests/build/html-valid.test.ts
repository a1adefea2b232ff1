import { spawnSync } from 'node:child_process';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtSite, htmlFiles } from '#support/dist';

const VNU_JAR = 'node_modules/vnu-jar/build/dist/vnu.jar';

/**
 * Valid CSS that the checker's CSS parser does not know yet, all from Tailwind 4's registered
 * custom properties: the `@property` rules, the `@supports` test for browsers without them
 * (`margin-trim`), and transitions of those properties; and its gradients' colour-space
 * interpolation (`linear-gradient(to right in oklab, …)`), after which the checker's CSS parser
 * loses its place and reports the end of the stylesheet as a parse error too.
 */
const CHECKER_GAPS = [
  /^CSS: Unrecognized at-rule “@property”/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist/,
  /^CSS: “transition-property”: “--tw-[\w-]+” is not a “transition-property” value/,
  /^CSS: “background-image”: (“in” is not a “color” value|Parse Error)/,
  /^CSS: Parse Error\.$/,
];

type VnuMessage = { type: string; subType?: string; url?: string; message: string; lastLine?: number; extract?: string };

describe('built pages', () => {
  it('pass the W3C Nu HTML Checker without errors', () => {
    const dist = builtSite();
    const pages = htmlFiles(dist);
    // One JVM for every page: starting Java is most of the cost.
    const run = spawnSync('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...pages], { encoding: 'utf8' });
    if (run.error) throw run.error;
    const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
    const errors = messages
      .filter((m) => m.type !== 'info' && !CHECKER_GAPS.some((gap) => gap.test(m.message)))
      .map((m) => `${relative(dist, new URL(m.url ?? 'file:///?').pathname)}:${m.lastLine ?? '?'} ${m.message}${m.extract ? ` «${m.extract.trim()}»` : ''}`);
    expect(errors).toEqual([]);
    expect(pages.length).toBeGreaterThanOrEqual(8);
  }, 120_000);
});
