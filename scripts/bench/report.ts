/** One line of the bench's table: a figure, what was measured, its budget, and whether it held (null: no budget). */
export type Row = { figure: string; value: string; budget: string; ok: boolean | null };

/** What a bench module hands its figures to: a table row (with a budget when it has one) or a detail note. */
export type BenchReport = {
  row(figure: string, value: string, budget?: string, ok?: boolean | null): void;
  note(text: string): void;
};

/** Sizes in the bench: 1 KB = 1024 bytes. */
export const KB = 1024;
export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
