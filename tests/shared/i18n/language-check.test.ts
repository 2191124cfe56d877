// @vitest-environment node
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLocales, checkSourceTexts, languageProblem } from '../../../scripts/i18n-check';

function locales(en: object, id: object): string {
  const root = mkdtempSync(path.join(tmpdir(), 'locales-'));
  for (const [lang, json] of [
    ['en', en],
    ['id', id],
  ] as const) {
    mkdirSync(path.join(root, lang));
    writeFileSync(path.join(root, lang, 'x.json'), JSON.stringify(json));
  }
  return root;
}

describe('i18n check: each text in its own language', () => {
  it('catches a text written in two languages at once', () => {
    expect(languageProblem('Isi ulang pulsa 081234567890 / Mobile top-up', 'id')).toMatch(/two languages/);
    expect(
      languageProblem(
        'Your customer data (CIF) is blocked. / Data nasabah (CIF) Anda diblokir, silakan ke kantor cabang.',
        'en',
      ),
    ).toMatch(/two languages/);
    expect(languageProblem('Tanggal / Jam', 'id')).toBeUndefined();
  });

  it('catches English left in the Indonesian file, and Indonesian in the English one', () => {
    const { problems } = checkLocales(
      locales(
        {
          secureWord: 'Secure word',
          deposit: 'Opening deposit',
          hint: 'Silakan masukkan nomor rekening',
          ok: 'OTP',
        },
        {
          secureWord: 'Secure word',
          deposit: 'Opening deposit',
          hint: 'Silakan masukkan nomor rekening Anda',
          ok: 'OTP',
        },
      ),
    );
    expect(problems).toEqual([
      expect.stringMatching(/^locales\/en\/x\.json: "hint" reads as Indonesian/),
      expect.stringMatching(/^locales\/id\/x\.json: "secureWord" reads as English/),
      expect.stringMatching(/^locales\/id\/x\.json: "deposit" reads as English/),
    ]);
  });

  it('passes the real words of each language, brands and words both use', () => {
    const { problems } = checkLocales(
      locales(
        { a: 'Secure word', b: 'Transfer to another account', c: 'OCTO Internet Banking', d: 'Status' },
        { a: 'Kata aman', b: 'Transfer ke rekening lain', c: 'OCTO Internet Banking', d: 'Status' },
      ),
    );
    expect(problems).toEqual([]);
  });

  it("judges the servers' titleIdn / messageEng texts too", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'src-'));
    const file = path.join(dir, 'errors.ts');
    writeFileSync(
      file,
      "export const e = { titleEng: 'Account not found', titleIdn: 'Account not found', messageIdn: 'Rekening tidak ditemukan' };",
    );
    expect(checkSourceTexts([file])).toEqual([expect.stringMatching(/titleIdn reads as English/)]);
  });
});
