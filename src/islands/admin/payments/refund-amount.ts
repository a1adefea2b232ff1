/** Kroner as an admin types them ("100", "99,50", "1 995.00") in øre; null when it is no positive amount with at most two decimals. */
export function refundAmountOre(typed: string): number | null {
  const text = typed
    .replace(/[\s\u00a0]/g, '')
    .replace(/kr$/i, '')
    .replace(',', '.');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return null;
  const ore = Math.round(Number(text) * 100);
  return ore > 0 ? ore : null;
}
