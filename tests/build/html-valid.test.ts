import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtSite, htmlFiles } from '#support/dist';
import { emailChangedEmail, emailChangeEmail } from '#worker/emails/email-change';
import { paragraph } from '#worker/emails/layout';
import { magicLinkEmail } from '#worker/emails/magic-link';
import { marketingEmail } from '#worker/emails/marketing';

const VNU_JAR = 'node_modules/vnu-jar/build/dist/vnu.jar';

/**
 * Valid CSS that the checker's CSS parser does not know yet, all from Tailwind 4's registered
 * custom properties: the `@property` rules, the `@supports` test for browsers without them
 * (`margin-trim`), and transitions of those properties; and its gradients' colour-space
 * interpolation (`linear-gradient(to right in oklab, …)`), after which the checker's CSS parser
 * loses its place and reports the end of the stylesheet as a parse error too.
 */
const CHECKER_GAPS = [
  /^CSS: Unrecognized at-rule “@property”/,
  /^CSS: “margin-trim”: Property “margin-trim” doesn't exist/,
  /^CSS: “transition-property”: “--tw-[\w-]+” is not a “transition-property” value/,
  /^CSS: “background-image”: (“in” is not a “color” value|Parse Error)/,
  /^CSS: Parse Error\.$/,
];

function vnu(files: string[]): VnuMessage[] {
  // One JVM for every file: starting Java is most of the cost.
  const run = spawnSync('java', ['-jar', VNU_JAR, '--errors-only', '--format', 'json', ...files], { encoding: 'utf8' });
  if (run.error) throw run.error;
  return (JSON.parse(run.stderr) as { messages: VnuMessage[] }).messages.filter((m) => m.type !== 'info');
}

function describeError(root: string, m: VnuMessage) {
  return `${relative(root, new URL(m.url ?? 'file:///?').pathname)}:${m.lastLine ?? '?'} ${m.message}${m.extract ? ` «${m.extract.trim()}»` : ''}`;
}

type VnuMessage = { type: string; subType?: string; url?: string; message: string; lastLine?: number; extract?: string };

describe('built pages', () => {
  it('pass the W3C Nu HTML Checker without errors', () => {
    const dist = builtSite();
    const pages = htmlFiles(dist);
    const errors = vnu(pages)
      .filter((m) => !CHECKER_GAPS.some((gap) => gap.test(m.message)))
      .map((m) => describeError(dist, m));
    expect(errors).toEqual([]);
    expect(pages.length).toBeGreaterThanOrEqual(8);
  }, 120_000);
});

describe('the sign-in e-mail', () => {
  // The presentational attributes Outlook needs (`bgcolor`, `width`) are warnings, not errors.
  it('is valid HTML', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-html-'));
    const file = join(dir, 'magic-link.html');
    const mail = magicLinkEmail({
      to: 'kari@example.no',
      link: 'https://soloprenor.no/guide/auth?token=a&b=1',
      code: '123456',
      confirmsSignup: true,
    });
    writeFileSync(file, mail.html);
    const errors = vnu([file]).map((m) => describeError(dir, m));
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('the address-change, changed-address and marketing e-mails', () => {
  it('are valid HTML', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mail-html-'));
    const links = {
      page: 'https://soloprenor.no/avmelding?token=a.b',
      oneClick: 'https://soloprenor.no/api/unsubscribe?token=a.b',
    };
    const mails = {
      'email-change.html': emailChangeEmail({ to: 'kari@example.no', link: 'https://soloprenor.no/guide/ny-epost?token=a&b=1' }),
      'email-changed.html': emailChangedEmail({ to: 'kari@example.no', newEmail: 'kari<ny>@example.no' }),
      'marketing.html': marketingEmail(
        'kari@example.no',
        { subject: 'Ukens tips', text: 'Hei!', rows: [paragraph('Hei!')] },
        links,
        { name: 'Soloprenør AS', address: 'Strandkaien 2, 5013 Bergen' },
      ),
    };
    const files = Object.entries(mails).map(([name, mail]) => {
      writeFileSync(join(dir, name), mail.html);
      return join(dir, name);
    });
    expect(vnu(files).map((m) => describeError(dir, m))).toEqual([]);
  }, 60_000);
});
