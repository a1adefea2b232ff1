/**
 * Previews uploaded member imports and applies running ones (docs/decisions/0052-member-import.md),
 * a chunk of rows per batch (`previewChunk`, `applyChunk`), resuming from what the database
 * holds (the chunks left to preview, each import's stored `done`): a process stopped anywhere
 * goes on at the next run, and two runners at once do no chunk twice. Between chunks the event
 * loop is given back (on Node the database runs on it), and a run starts no chunk after its
 * budget, so 50 000 rows go in ~20 ms steps with requests answered in between, over several runs.
 */
import { inArray } from 'drizzle-orm';
import { memberImports } from '#db/schema';
import type { ServiceCtx } from '#worker/context';
import { applyChunk, previewChunk } from '#worker/features/admin/index';
import { nextTurn } from '#worker/platform/next-turn';

/** How long a run starts chunks on Node (every IMPORT_INTERVAL_MS); the Workers cron passes a minute's worth. */
export const IMPORT_RUN_BUDGET_MS = 250;
/** A minute's cron run on Workers: well inside its wall-clock limit, with every statement a network round trip. */
export const IMPORT_CRON_BUDGET_MS = 20_000;
/** Rows applied, imports finished, and rows previewed by one run. */
export type ImportReport = { rows: number; finished: number; previewed: number };

export async function runImports(ctx: ServiceCtx<'config'>, opts: { budgetMs?: number } = {}): Promise<ImportReport> {
  const deadline = Date.now() + (opts.budgetMs ?? IMPORT_RUN_BUDGET_MS);
  const open = await ctx.db
    .select()
    .from(memberImports)
    .where(inArray(memberImports.status, ['previewing', 'running']));
  const report: ImportReport = { rows: 0, finished: 0, previewed: 0 };
  for (const imp of open.filter((i) => i.status === 'previewing')) {
    let previewed: number;
    // At least one chunk per run, then more while the budget lasts; 0: done, or another runner has it.
    do {
      previewed = await previewChunk(ctx, imp.id);
      report.previewed += previewed;
      await nextTurn();
    } while (previewed > 0 && Date.now() <= deadline);
  }
  for (const run of open.filter((i) => i.status === 'running')) {
    let done = run.done;
    // At least one chunk per run, then more while the budget lasts.
    do {
      const applied = await applyChunk(ctx, { ...run, done });
      // Another runner moved it on: leave this import to it for now.
      if (applied === 0) break;
      done += applied;
      report.rows += applied;
      if (done >= run.total) report.finished++;
      await nextTurn();
    } while (done < run.total && Date.now() <= deadline);
  }
  return report;
}
