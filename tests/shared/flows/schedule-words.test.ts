// @vitest-environment node
// describeWhen's words come from the locales (schedule:when, engine:when.weekdays): the same sentences
// in both languages as when they were written in the code, and none lost if a locale key goes missing.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeWhen, type WhenForm } from '@/shared/flows/schedule';

const week = (dayOfWeek: string): WhenForm => ({
  kind: 'recurring',
  every: 'week',
  dayOfWeek,
  startDate: '2026-08-05',
  endKind: 'count',
  occurrences: 12,
});

/** Each branch, with what it said when the words were in the code. */
const SAID: [WhenForm, string | undefined, string | undefined][] = [
  [{ kind: 'now' }, undefined, undefined],
  [{ kind: 'date', date: '2026-08-12' }, 'On 12 August 2026', 'Pada 12 Agustus 2026'],
  [
    {
      kind: 'recurring',
      every: 'day',
      interval: 1,
      startDate: '2026-08-05',
      endKind: 'count',
      occurrences: 1,
    },
    'Every day, from 5 August 2026, 1 transfer',
    'Setiap hari, mulai 5 Agustus 2026, 1 kali transfer',
  ],
  [
    {
      kind: 'recurring',
      every: 'day',
      interval: 3,
      startDate: '2026-08-05',
      endKind: 'date',
      endDate: '2027-08-05',
    },
    'Every 3 days, from 5 August 2026, until 5 August 2027',
    'Setiap 3 hari, mulai 5 Agustus 2026, sampai 5 Agustus 2027',
  ],
  [
    week('1'),
    'Every Monday, from 5 August 2026, 12 transfers',
    'Setiap hari Senin, mulai 5 Agustus 2026, 12 kali transfer',
  ],
  [
    week('2'),
    'Every Tuesday, from 5 August 2026, 12 transfers',
    'Setiap hari Selasa, mulai 5 Agustus 2026, 12 kali transfer',
  ],
  [
    week('3'),
    'Every Wednesday, from 5 August 2026, 12 transfers',
    'Setiap hari Rabu, mulai 5 Agustus 2026, 12 kali transfer',
  ],
  [
    week('4'),
    'Every Thursday, from 5 August 2026, 12 transfers',
    'Setiap hari Kamis, mulai 5 Agustus 2026, 12 kali transfer',
  ],
  [
    week('5'),
    'Every Friday, from 5 August 2026, 12 transfers',
    'Setiap hari Jumat, mulai 5 Agustus 2026, 12 kali transfer',
  ],
  [
    week('6'),
    'Every Saturday, from 5 August 2026, 12 transfers',
    'Setiap hari Sabtu, mulai 5 Agustus 2026, 12 kali transfer',
  ],
  [
    week('7'),
    'Every Sunday, from 5 August 2026, 12 transfers',
    'Setiap hari Minggu, mulai 5 Agustus 2026, 12 kali transfer',
  ],
  [
    {
      kind: 'recurring',
      every: 'month',
      dayOfMonth: '5',
      startDate: '2026-08-05',
      endKind: 'count',
      occurrences: 12,
    },
    'Every month on day 5, from 5 August 2026, 12 transfers',
    'Setiap bulan pada tanggal 5, mulai 5 Agustus 2026, 12 kali transfer',
  ],
  [
    {
      kind: 'recurring',
      every: 'month',
      dayOfMonth: 'EOM',
      startDate: '2026-08-31',
      endKind: 'date',
      endDate: '2027-08-31',
    },
    'Every month on its last day, from 31 August 2026, until 31 August 2027',
    'Setiap akhir bulan, mulai 31 Agustus 2026, sampai 31 Agustus 2027',
  ],
];

/** The keys describeWhen reads, by namespace. */
const KEYS = {
  schedule: [
    'when.on',
    'when.everyDay',
    'when.everyDays',
    'when.everyWeekday',
    'when.everyMonthEnd',
    'when.everyMonthOn',
    'when.from',
    'when.until',
    'when.transfers_one',
    'when.transfers_other',
  ],
  engine: ['1', '2', '3', '4', '5', '6', '7'].map((d) => `when.weekdays.${d}`),
};

describe("describeWhen's words", () => {
  it.each(SAID)('say %j as before, in English and Indonesian', (when, en, id) => {
    expect(describeWhen(when, 'en')).toBe(en);
    expect(describeWhen(when, 'id')).toBe(id);
  });

  it('are each in both locale files, every placeholder filled', () => {
    for (const lang of ['en', 'id'])
      for (const [ns, keys] of Object.entries(KEYS)) {
        const file = path.join(import.meta.dirname, '../../../locales', lang, `${ns}.json`);
        const texts = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
        for (const key of keys) {
          const text = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], texts);
          expect(typeof text === 'string' && text.trim() !== '', `${lang} ${ns}:${key}`).toBe(true);
        }
      }
    for (const [when] of SAID)
      for (const lang of ['en', 'id'] as const)
        expect(describeWhen(when, lang) ?? '').not.toMatch(/\{\{|undefined/);
  });
});
