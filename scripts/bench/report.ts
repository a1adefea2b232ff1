/** One line of the bench's table: a figure, what was measured, its budget, and whether it held (null: no budget). */
export type Row = { figure: string; value: string; budget: string; ok: boolean | null };

/** What a bench module hands its figures to: a table row (with a budget when it has one) or a detail note. */
export type BenchReport = {
  row(figure: string, value: string, budget?: string, ok?: boolean | null): void;
  note(text: string): void;
};
