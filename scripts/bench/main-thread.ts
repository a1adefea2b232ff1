/**
 * Where a page's main thread goes while it loads (docs/decisions/0045-speed.md), from a Chrome
 * trace: a phone (Lighthouse's Moto G Power screen, 412×823 at 1.75×) with the CPU slowed 4× as
 * Lighthouse's mobile run slows it, the page loaded and settled. Sums the trace's events into
 * Lighthouse's groups ("Style & Layout", "Rendering", "Script") and its blocking time (each
 * main-thread task's time beyond 50 ms), so a rule that costs layout shows by name of its kind.
 */
import type { Browser, Page } from '@playwright/test';

export const PHONE_TRACE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const CPU_SLOWDOWN = 4;

/** Lighthouse's task groups (lighthouse-core/lib/tracehouse/task-groups), the ones this site has. */
const GROUPS: Record<string, string[]> = {
  styleLayout: ['ScheduleStyleRecalculation', 'UpdateLayoutTree', 'InvalidateLayout', 'Layout'],
  rendering: [
    'Animation',
    'HitTest',
    'PaintSetup',
    'Paint',
    'PaintImage',
    'PrePaint',
    'Layerize',
    'UpdateLayer',
    'UpdateLayerTree',
    'CompositeLayers',
    'Commit',
  ],
  script: [
    'EventDispatch',
    'EvaluateScript',
    'v8.evaluateModule',
    'FunctionCall',
    'TimerFire',
    'FireIdleCallback',
    'v8.compile',
    'v8.compileModule',
    'MajorGC',
    'MinorGC',
  ],
  parse: ['ParseHTML', 'ParseAuthorStyleSheet'],
};

export type MainThread = {
  styleLayout: number;
  rendering: number;
  script: number;
  parse: number;
  blocking: number;
  longest: number;
  /** Work done, not time taken, so a busy machine does not change it: elements restyled, layout objects laid out, style recalculations and layouts. */
  restyled: number;
  laidOut: number;
  recalcs: number;
  layouts: number;
};

type TraceEvent = {
  name: string;
  ph: string;
  dur?: number;
  tid: number;
  pid: number;
  args?: { name?: string; elementCount?: number; beginData?: { dirtyObjects?: number } };
};

/** Sums of one trace's main-thread events, in ms. Nested events of one group are counted once (their outermost). */
function sums(events: TraceEvent[]): MainThread {
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = events.filter((e) => main && e.tid === main.tid && e.pid === main.pid && e.ph === 'X' && e.dur !== undefined);
  const group = (names: string[]) => onMain.filter((e) => names.includes(e.name)).reduce((n, e) => n + e.dur! / 1000, 0);
  const tasks = onMain.filter((e) => e.name === 'RunTask').map((e) => e.dur! / 1000);
  return {
    styleLayout: group(GROUPS.styleLayout!),
    rendering: group(GROUPS.rendering!),
    script: group(GROUPS.script!),
    parse: group(GROUPS.parse!),
    blocking: tasks.reduce((n, d) => n + Math.max(0, d - 50), 0),
    longest: Math.max(0, ...tasks),
    restyled: onMain.filter((e) => e.name === 'UpdateLayoutTree').reduce((n, e) => n + (e.args?.elementCount ?? 0), 0),
    laidOut: onMain.filter((e) => e.name === 'Layout').reduce((n, e) => n + (e.args?.beginData?.dirtyObjects ?? 0), 0),
    recalcs: onMain.filter((e) => e.name === 'UpdateLayoutTree').length,
    layouts: onMain.filter((e) => e.name === 'Layout').length,
  };
}

/** Loads `url` in a fresh phone context with the CPU slowed, traced from navigation until the page has settled. */
export async function traceLoad(browser: Browser, url: string, prepare?: (page: Page) => Promise<void>): Promise<MainThread> {
  const context = await browser.newContext(PHONE_TRACE);
  try {
    const page = await context.newPage();
    await prepare?.(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const events: TraceEvent[] = [];
    // The protocol types trace events as plain objects; these are Chrome's trace event format.
    cdp.on('Tracing.dataCollected', ({ value }) => void events.push(...(value as unknown as TraceEvent[])));
    const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink,__metadata',
      transferMode: 'ReportEvents',
    });
    await page.goto(url, { waitUntil: 'load' });
    // What the page does right after load (a late style sheet, a first island) belongs to its load.
    await page.waitForTimeout(2000);
    await cdp.send('Tracing.end');
    await done;
    return sums(events);
  } finally {
    await context.close();
  }
}

/** The median of each figure over `runs` loads of each url, the urls taken in turn (A, B, A, B…) so load on the machine falls on all alike. */
export async function interleaved(browser: Browser, urls: string[], runs = 3, prepare?: (page: Page) => Promise<void>) {
  const all = urls.map(() => [] as MainThread[]);
  for (let r = 0; r < runs; r++) for (const [i, url] of urls.entries()) all[i]!.push(await traceLoad(browser, url, prepare));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return all.map((list) => {
    const keys = Object.keys(list[0]!) as (keyof MainThread)[];
    return Object.fromEntries(keys.map((k) => [k, median(list.map((m) => m[k]))])) as MainThread;
  });
}

/**
 * The landing's own HTML with its styling taken away (no style sheet, no inline style) and plain
 * typography put in: the same DOM, so what it costs to style and lay out is the floor any
 * styling of this page starts from. Ghost, the comparison the issue measured against, is not
 * available here; this is the page's own baseline (docs/decisions/0045-speed.md).
 */
export function plainBaseline(html: string): string {
  return html
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '')
    .replace(/<link\b[^>]*rel=["']?(stylesheet|preload)[^>]*>/gi, '')
    .replace(/<noscript>\s*<\/noscript>/gi, '')
    .replace(/\sclass="[^"]*"/gi, '')
    .replace(/\sstyle="[^"]*"/gi, '')
    .replace(
      '</head>',
      '<style>body{margin:0 auto;max-width:40rem;padding:0 1rem;font:16px/1.5 system-ui,sans-serif}</style></head>',
    );
}

export const fmt = (m: MainThread) =>
  `Style & Layout ${m.styleLayout.toFixed(0)} ms · Rendering ${m.rendering.toFixed(0)} ms · Script ${m.script.toFixed(0)} ms · Parse ${m.parse.toFixed(0)} ms · blocking ${m.blocking.toFixed(0)} ms · longest task ${m.longest.toFixed(0)} ms · ${m.restyled} elements restyled in ${m.recalcs} recalcs · ${m.laidOut} objects laid out in ${m.layouts} layouts`;
