// @vitest-environment node
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeRule, fitsRule, type NumberRule } from '@/shared/flows/field-types';
import { loadReferenceData, projectFolders } from '@/shared/flows/load-node';

describe("the spec's field types (section 5)", () => {
  it.each([
    [{ type: 'N', min: 12, max: 12 }, '123456789012', true],
    [{ type: 'N', min: 12, max: 12 }, '12345678901', false],
    [{ type: 'N' }, '12a4', false],
    [{ type: 'AN', min: 6, max: 6 }, 'KQ7X2A', true],
    [{ type: 'AN', min: 6, max: 6 }, 'KQ7-2A', false],
    [{ type: 'ANS' }, 'Jl. Sudirman', false],
    [{ type: 'ANS' }, 'Blok A-12, No 3', true],
    [{ type: 'ANS' }, 'A+B', false],
    [{ type: 'ANSS' }, 'A+B!', true],
    [{ type: 'EMAIL' }, 'budi@example.co', true],
    [{ type: 'EMAIL' }, 'budi@example.c', false],
    [{ type: 'EMAIL' }, 'budi@example.comet', false],
  ] as [NumberRule, string, boolean][])('%j: "%s" is %s', (rule, value, ok) => {
    expect(fitsRule(rule, value)).toBe(ok);
  });

  it('says each rule in both languages', () => {
    expect(describeRule({ type: 'N', min: 12, max: 12 }, 'en')).toBe('12 digits');
    expect(describeRule({ type: 'N', min: 12, max: 12 }, 'id')).toBe('12 angka');
    expect(describeRule({ type: 'AN', min: 6, max: 8 }, 'en')).toBe('6 to 8 letters and digits');
    expect(describeRule({ type: 'AN', min: 6, max: 8 }, 'id')).toBe('6 sampai 8 huruf dan angka');
    expect(describeRule({ type: 'EMAIL' }, 'id')).toBe('alamat email');
  });

  it("reports a biller's malformed number rule with its file and path", () => {
    const project = projectFolders();
    const root = mkdtempSync(path.join(tmpdir(), 'providers-'));
    try {
      cpSync(path.join(project.root!, 'providers'), path.join(root, 'providers'), { recursive: true });
      const file = path.join(root, 'providers', 'water.json');
      const water = JSON.parse(readFileSync(file, 'utf8')) as { providers: Record<string, unknown>[] };
      water.providers[0]!.number = { type: 'NUMERIC', min: 8 };
      water.providers[1]!.number = { type: 'N', min: 10, max: 8 };
      writeFileSync(file, JSON.stringify(water));
      const { problems } = loadReferenceData({ ...projectFolders(root), root });
      expect(problems.map((p) => [p.file, p.path])).toEqual([
        ['providers/water.json', '$.providers[0].number'],
        ['providers/water.json', '$.providers[1].number'],
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
