/** `part` of `whole` in percent with one decimal; null when there is no whole to be a share of. */
export const percent = (part: number, whole: number): number | null =>
  whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
