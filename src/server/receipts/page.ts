import { formatBankDateTime } from '../../shared/bank-time';
import { escapeHtml as esc } from '../../shared/escape-html';
import { formatMoney } from '../../shared/money';
import { printedCode, type CheckedReceipt } from './check';

export type PageText = (key: string) => string;

// The bank's mark (public/logo.svg's), inline so the page needs nothing else to load.
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="28" height="28" viewBox="0 2 28 28" aria-hidden="true">
<rect x="0" y="2" width="28" height="28" rx="8" fill="#8B1A1A"/><circle cx="14" cy="16" r="7" fill="none" stroke="#fff" stroke-width="3.5"/></svg>`;

const ICON = {
  ok: '<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true"><circle cx="12" cy="12" r="12" fill="#1b7f3b"/><path d="M7 12.5l3.2 3.2L17.5 8.5" fill="none" stroke="#fff" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  no: '<svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true"><circle cx="12" cy="12" r="12" fill="#b3261e"/><path d="M8 8l8 8M16 8l-8 8" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/></svg>',
};

const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f4f1ee;color:#1f1b1a;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",Arial,sans-serif}
header{background:#fff;border-bottom:3px solid #8B1A1A}
.bar{max-width:560px;margin:0 auto;padding:12px 16px;display:flex;align-items:center;gap:10px}
.brand{font-weight:700;color:#8B1A1A;font-size:18px;letter-spacing:.2px}
.lang{margin-left:auto;color:#8B1A1A;font-size:14px}
main{max-width:560px;margin:0 auto;padding:16px}
h1{font-size:20px;margin:8px 0 12px}
.card{background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12);padding:16px;margin-bottom:16px}
.verdict{display:flex;gap:12px;align-items:flex-start}
.verdict h2{font-size:18px;margin:0 0 4px}
.verdict p{margin:0;color:#4a4543;font-size:14px}
.ok h2{color:#1b7f3b}.no h2{color:#b3261e}
dl{margin:8px 0 0;display:grid;grid-template-columns:minmax(0,40%) 1fr;gap:0}
dt,dd{padding:10px 0;border-top:1px solid #eee;margin:0;font-size:14px}
dt{color:#6b6461}dd{text-align:right;font-weight:600;overflow-wrap:anywhere}
dd.total{font-size:17px;color:#1f1b1a}
.note{font-size:13px;color:#6b6461;margin:12px 0 0}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-end}
label{display:block;font-size:14px;color:#4a4543;width:100%}
input{flex:1;min-width:0;font:inherit;font-size:18px;letter-spacing:1px;text-transform:uppercase;padding:10px 12px;border:1px solid #b9b2ae;border-radius:8px}
input::placeholder{text-transform:none;letter-spacing:0}
button{font:inherit;font-weight:600;background:#8B1A1A;color:#fff;border:0;border-radius:8px;padding:11px 20px}
a{color:#8B1A1A}
footer{max-width:560px;margin:0 auto;padding:0 16px 24px;font-size:12px;color:#6b6461}
`;

export interface CheckPageInput {
  lang: 'en' | 'id';
  t: PageText;
  /** What was asked for (the path's or the form's code), null for the empty form. */
  typed: string | null;
  code: string | null;
  receipt: (CheckedReceipt & { title: string }) | null;
  /** The response's CSP nonce: the page's one style element names it. */
  nonce: string;
}

/** The public receipt check page: a verdict, the masked receipt, and a form for another code. */
export function checkPage({ lang, t, typed, code, receipt, nonce }: CheckPageInput): string {
  const other = lang === 'en' ? 'id' : 'en';
  const self = code ? `/r/${code}` : '/r/';
  let verdict = '';
  if (typed !== null) {
    const [kind, head, body] = receipt
      ? ['ok', t('found'), t('foundBody')]
      : code
        ? ['no', t('notFound'), t('notFoundBody')]
        : ['no', t('invalid'), t('invalidBody')];
    const rows = receipt
      ? [
          [t('rows.status'), t(`status.${receipt.status}`)],
          [t('rows.transaction'), receipt.title],
          [t('rows.date'), formatBankDateTime(receipt.createdAt, lang)],
          [t('rows.referenceNo'), receipt.referenceNo],
          ...(receipt.from ? [[t('rows.from'), `${receipt.from.name} · ${receipt.from.accountNo}`]] : []),
          ...(receipt.to ? [[t('rows.to'), `${receipt.to.name} · ${receipt.to.accountNo}`]] : []),
          [t('rows.code'), printedCode(receipt && code ? code : '')],
          [t('rows.total'), formatMoney(receipt.total, lang)],
        ]
      : [];
    const list = rows.length
      ? `<dl>${rows
          .map(
            ([k, v], i) =>
              `<dt>${esc(k!)}</dt><dd${i === rows.length - 1 ? ' class="total"' : ''}>${esc(v!)}</dd>`,
          )
          .join('')}</dl><p class="note">${esc(t('masked'))}</p>`
      : '';
    verdict = `<section class="card ${kind}" data-testid="receipt-check-${kind === 'ok' ? 'found' : 'not-found'}">
<div class="verdict">${ICON[kind as 'ok' | 'no']}<div><h2>${esc(head)}</h2><p>${esc(body)}</p></div></div>${list}</section>`;
  }
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(t('pageTitle'))} · ${esc(t('bank'))}</title>
<link rel="icon" href="/favicon.svg"><style nonce="${esc(nonce)}">${STYLE}</style></head>
<body><header><div class="bar">${LOGO}<span class="brand">${esc(t('bank'))}</span>
<a class="lang" href="${self}?lang=${other}" hreflang="${other}">${esc(t('language'))}</a></div></header>
<main><h1>${esc(t('pageTitle'))}</h1>${verdict}
<section class="card"><form method="get" action="/r/"><label for="code">${esc(typed === null ? t('intro') : t('another'))}</label>
<input id="code" name="code" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="14" placeholder="${esc(t('codePlaceholder'))}" aria-label="${esc(t('codeLabel'))}">
${lang === 'en' ? '<input type="hidden" name="lang" value="en">' : ''}<button type="submit">${esc(t('submit'))}</button></form></section></main>
<footer>${esc(t('footer'))}</footer></body></html>`;
}
