import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { adminAuditLog, payments, receipts } from '#db/schema';
import { adminAccounting } from '#shared/copy/admin/accounting';
import { buyer } from '#shared/copy/buyer';
import type { AccountingExportQuery } from '#shared/schemas/admin/accounting';
import { osloCalendarDay, osloStartOfDay } from '#shared/time';
import type { ServiceCtx } from '#worker/context';
import { CSV_DIALECTS, csvFile, csvNumber, type CsvDialect } from '#shared/csv';

const t = adminAccounting.csv;

/** Øre as kroner in the dialect's notation, no thousands separator ("-1596,00" for Excel, "-1596.00" otherwise). */
export function oreCell(ore: number, dialect: CsvDialect) {
  const abs = Math.abs(ore);
  return csvNumber(`${ore < 0 ? '-' : ''}${Math.floor(abs / 100)}${dialect.decimal}${String(abs % 100).padStart(2, '0')}`);
}

/** The first day of the month after `YYYY-MM`, as YYYY-MM-DD. */
function nextMonth(month: string) {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01-01` : `${year}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * GET /api/admin/accounting/export: every receipt and credit note issued in the months asked
 * for (Oslo time, both ends included), by number, as a CSV in the dialect asked for (by default
 * the one Norwegian Excel opens as it is: semicolons, UTF-8 with a byte-order mark, decimal
 * commas; or RFC 4180, #shared/csv) — with an audit row saying which admin
 * took which months. One round trip. The buyer is the company with its org.nr, or "Privatperson":
 * a private buyer's name and address stay out of the accountant's file.
 */
export async function exportAccounting(
  ctx: ServiceCtx,
  { actorId, query }: { actorId: string; query: AccountingExportQuery },
): Promise<{ fileName: string; body: string }> {
  const { db } = ctx;
  const start = osloStartOfDay(`${query.from}-01`);
  const end = osloStartOfDay(nextMonth(query.to));
  const [, rows] = await db.batch([
    db.insert(adminAuditLog).values({
      actorId,
      action: 'accounting.export',
      targetType: 'receipts',
      targetId: null,
      details: { from: query.from, to: query.to },
      createdAt: new Date(ctx.now()),
    }),
    db
      .select({
        number: receipts.number,
        kind: receipts.kind,
        issuedAt: receipts.issuedAt,
        totalOre: receipts.totalOre,
        vatOre: receipts.vatOre,
        buyerCompany: receipts.buyerCompany,
        buyerOrgNumber: receipts.buyerOrgNumber,
        provider: payments.provider,
        providerRef: payments.providerRef,
      })
      .from(receipts)
      .innerJoin(payments, eq(payments.id, receipts.paymentId))
      .where(and(gte(receipts.issuedAt, new Date(start)), lt(receipts.issuedAt, new Date(end))))
      .orderBy(asc(receipts.number)),
  ]);
  const dialect = CSV_DIALECTS[query.format];
  const lines = rows.map((r) => [
    csvNumber(String(r.number)),
    osloCalendarDay(r.issuedAt.getTime()),
    t.kinds[r.kind],
    r.buyerCompany && r.buyerOrgNumber ? buyer.company(r.buyerCompany, r.buyerOrgNumber) : t.privatePerson,
    oreCell(r.totalOre - r.vatOre, dialect),
    oreCell(r.vatOre, dialect),
    oreCell(r.totalOre, dialect),
    t.providers[r.provider],
    r.providerRef ?? '',
  ]);
  return { fileName: t.fileName(query.from, query.to), body: csvFile(dialect, t.header, lines) };
}
