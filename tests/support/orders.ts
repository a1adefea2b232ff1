/** Every order of `items` (for events that may arrive in any order: the out-of-order matrices). */
export const orders = <T>(items: T[]): T[][] =>
  items.length <= 1
    ? [items]
    : items.flatMap((item, i) => orders(items.filter((_, j) => j !== i)).map((rest) => [item, ...rest]));
