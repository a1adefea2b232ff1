/** What `npm run db:backup`, `npm run db:restore` and the nightly backup tell the operator. */
export const backupCopy = {
  saved: (file: string, kb: number, removed: number) =>
    `Sikkerhetskopi lagret: ${file} (${kb} KB), kontrollert med PRAGMA integrity_check.` +
    (removed ? ` ${removed} eldre kopi${removed === 1 ? '' : 'er'} slettet.` : ''),
  remote:
    'DATABASE_URL peker ikke på en databasefil (Turso eller sqld). Der tar Turso vare på historikken: gjenopprett til et tidspunkt med `turso db create ny-db --from-db soloprenor --timestamp 2026-11-25T03:00:00Z`.',
  usage: 'Bruk: npm run db:restore FIL (f.eks. data/backups/soloprenor-2026-11-25T01-00-00.000Z.db)',
  missing: (file: string) => `Fant ikke sikkerhetskopien ${file}. Ingenting er endret.`,
  notWhole: (file: string, detail: string) =>
    `${file} er ikke en hel database (integrity_check: ${detail}). Ingenting er endret.`,
  serverRunning: (pid: number, databaseFile: string, lockFile: string) =>
    `Serveren kjører (prosess ${pid}) og bruker ${databaseFile}. Stopp den først, og kjør npm run db:restore på nytt. ` +
    `Ingenting er endret. (Kjører den ikke, slett ${lockFile}.)`,
  restored: (file: string, databaseFile: string, previous: string | null) =>
    `${databaseFile} er gjenopprettet fra ${file}.` +
    (previous ? ` Databasen slik den var, er lagret som ${previous}.` : '') +
    ' Start serveren igjen med npm start.',
} as const;
