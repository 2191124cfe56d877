import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PERSONAS } from '../../../src/server/core-bank/seed';
import { client, useTestApp } from '../../kit';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The README's demo logins table, one record per persona, keyed by its header. */
function personaRows(): Record<string, string>[] {
  const lines = readme.split('\n');
  const start = lines.findIndex((l) => l.startsWith('| user id |'));
  const header = lines[start]!.split('|')
    .slice(1, -1)
    .map((c) => c.trim());
  const rows: Record<string, string>[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    rows.push(Object.fromEntries(header.map((h, i) => [h, cells[i]!])));
  }
  return rows;
}

// What the README tells a new user to type into the forgot flows is what the demo bank accepts.
describe('the README gives what the forgot flows ask of each demo persona', () => {
  let app: FastifyInstance;
  const t = useTestApp({ demo: true });
  beforeAll(() => {
    app = t.app;
  });

  it('lists every persona with date of birth, main account and, for savings holders, the ATM card', () => {
    const rows = personaRows();
    expect(rows.map((r) => r['user id'])).toEqual(PERSONAS.map((p) => p.userId));
    for (const p of PERSONAS) {
      const r = rows.find((x) => x['user id'] === p.userId)!;
      expect(r['date of birth']).toBe(p.dateOfBirth);
      expect(r['ATM card last 4']).toBe(p.atm?.last4 ?? '—');
      expect(r['ATM PIN']).toBe(p.atm?.pin ?? '—');
    }
  });

  it.each(personaRows().map((r) => [r['user id']!, r] as const))(
    '%s: forgot user id and forgot password accept the listed data',
    async (userId, r) => {
      const c = client(app);
      const main = r['main account / card']!;
      const byCard = main.length === 16;
      const u = await c.post('/api/v1/forgot/userid/validate', {
        ...(byCard ? { creditCardNumber: main } : { accountNumber: main }),
        dateOfBirth: r['date of birth'],
      });
      expect(u.statusCode).toBe(200);
      if (r['ATM PIN'] === '—') return;
      const pw = await c.post('/api/v1/forgot/password/validate', {
        userId,
        accountNumber: main,
        atmCardLast4: r['ATM card last 4'],
        atmPin: r['ATM PIN'],
      });
      expect(pw.statusCode).toBe(200);
      const ed = await c.post('/api/v1/forgot/edebit/validate', {
        userId,
        dateOfBirth: r['date of birth'],
        accountNumber: main,
      });
      expect(ed.statusCode).toBe(200);
    },
  );
});

describe('the docs work on any PORT', () => {
  it('registration-demo.md writes its addresses on $PORT, and the README says a new flow needs a rebuild', () => {
    const doc = readFileSync(new URL('../../../docs/registration-demo.md', import.meta.url), 'utf8');
    expect(doc).not.toMatch(/localhost:3000/);
    expect(doc).toContain('http://localhost:$PORT/register/');
    expect(readme).toMatch(/new flow needs a rebuild/);
  });
});
