import { escapeHtml } from '#shared/escape-html';

/**
 * A minimal, self-contained page for answers to plain (no-JavaScript) form posts; `form`: a
 * button that posts to `action` (a link in a mail that must not act on a mere GET).
 */
export function htmlMessagePage(input: {
  title: string;
  message: string;
  backHref: string;
  backLabel: string;
  form?: { action: string; label: string };
}): string {
  const form = input.form
    ? `<form method="post" action="${escapeHtml(input.form.action)}"><button type="submit">${escapeHtml(input.form.label)}</button></form>`
    : '';
  return `<!doctype html>
<html lang="nb">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(input.title)} | Soloprenør</title>
<style>body{margin:0;font-family:system-ui,sans-serif;background:#fffbf5;color:#1c1917;display:grid;place-items:center;min-height:100vh}main{max-width:28rem;padding:2rem;text-align:center}h1{font-size:1.75rem}a,button{display:inline-block;margin-top:1rem;background:#c2410c;color:#fff;padding:.75rem 1.25rem;border-radius:.75rem;font:inherit;font-weight:600;text-decoration:none;border:0;cursor:pointer}form+a{background:none;color:#9a3412}</style>
</head>
<body><main><h1>${escapeHtml(input.title)}</h1><p>${escapeHtml(input.message)}</p>${form}<a href="${escapeHtml(input.backHref)}">${escapeHtml(input.backLabel)}</a></main></body>
</html>`;
}
