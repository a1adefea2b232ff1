/** What a bench module hands its figures to: a table row (with a budget when it has one) or a detail note. */
export type BenchReport = {
  row(figure: string, value: string, budget?: string, ok?: boolean | null): void;
  note(text: string): void;
};
