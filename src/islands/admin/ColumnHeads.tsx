/** An admin table's header row: one column heading per label, in order. */
export function ColumnHeads({ labels }: { labels: readonly string[] }) {
  return (
    <thead>
      <tr className="border-b border-stone-300 text-left">
        {labels.map((label) => (
          <th key={label} scope="col" className="py-2 pr-4 font-semibold whitespace-nowrap">
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
