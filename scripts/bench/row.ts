/** One line of the bench's table: a figure, what was measured, its budget, and whether it held (null: no budget). */
export type Row = { figure: string; value: string; budget: string; ok: boolean | null };
