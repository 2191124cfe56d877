import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../src/server/db/db';
import { loadFlowsFromDisk, projectFolders } from '../../../src/shared/flows/load-node';
import { ageOn } from '../../../src/server/transactions/gates';
import { projectCopy } from '../../kit';
import { letterFlow, letterForm, serviceFlowStrings } from './service-flow-fixtures';
import {
  type Customer,
  customerWithSession,
  insertAccount,
  post,
  testDbs,
  transact,
  useTestApp,
} from '../../kit';

/** A request gated as an investment is (written as an analyst would: gates are data). */
const gatedFlow = {
  ...letterFlow,
  id: 'service.gatedtest',
  route: '/service/gated-test/',
  gates: [
    { kind: 'riskProfile' },
    { kind: 'investorId' },
    { kind: 'age', min: 17 },
    { kind: 'productHeld', product: 'credit_card' },
  ],
  service: { execute: 'request.record', params: { kind: 'gated-test' } },
};
const files = {
  'flows/service/gated-test.json': gatedFlow,
  'schemas/forms/service/letter-test.json': letterForm,
};
const copy = projectCopy({ files, strings: serviceFlowStrings });
afterAll(() => copy.remove());

describe('eligibility gates', () => {
  it('pass the check as data, and a gate of an unknown kind or with a misspelled property does not', () => {
    expect(loadFlowsFromDisk(projectFolders(copy.root)).problems).toEqual([]);
    const bad = projectCopy({
      files: {
        ...files,
        'flows/service/gated-test.json': {
          ...gatedFlow,
          gates: [{ kind: 'riskProfil' }, { kind: 'age', minimum: 17 }],
        },
      },
      strings: serviceFlowStrings,
    });
    try {
      const { problems } = loadFlowsFromDisk(projectFolders(bad.root));
      expect(problems.some((p) => p.file === 'flows/service/gated-test.json' && /gates/.test(p.path))).toBe(
        true,
      );
    } finally {
      bad.remove();
    }
  });

  it('count age in whole years, the birthday itself included', () => {
    expect(ageOn(new Date('2009-06-15'), new Date('2026-06-14T12:00:00Z'))).toBe(16);
    expect(ageOn(new Date('2009-06-15'), new Date('2026-06-15T00:00:00Z'))).toBe(17);
  });

  describe.each(testDbs)('on $name', (engine) => {
    let db: Db;
    let app: FastifyInstance;
    const t = useTestApp({ engine, demo: false, env: { FLOWS_ROOT: copy.root } });
    beforeAll(async () => {
      ({ app, db } = t);
      await app.ready();
    }, 60_000);

    const requests = async (c: Customer) =>
      Number(
        (
          await db.query<{ n: string }>('SELECT count(*) AS n FROM service_requests WHERE customer_id = $1', [
            c.customerId,
          ])
        ).rows[0]!.n,
      );

    /** The form data, the eligibility and the inquiry all refuse with the same apierror; nothing is recorded. */
    async function refusedEverywhere(c: Customer, status: number, source: string, code: string) {
      const answers = [
        await post(app, '/api/transaction/v1/eligibility', c.headers, { flowId: 'service.gatedtest' }),
        await post(app, '/api/transaction/v1/formdata', c.headers, { flowId: 'service.gatedtest' }),
        await post(app, '/api/transaction/v1/inquiry', c.headers, {
          flowId: 'service.gatedtest',
          form: { language: 'en' },
        }),
      ];
      for (const a of answers) {
        expect(a.status).toBe(status);
        expect(a.body.apierror).toMatchObject({ sourceSystem: source, errorCode: code });
        expect(a.body.apierror.errorTitleEng).toBeTruthy();
        expect(a.body.apierror.errorMessageIdn).toBeTruthy();
        expect(a.body.apierror.errorMessageIdn).not.toBe(a.body.apierror.errorMessageEng);
      }
      expect(await requests(c)).toBe(0);
      return answers[2]!.body.apierror as Record<string, string>;
    }

    it('refuse each missing requirement with its spec dialog, then let the customer through to a receipt', async () => {
      const c = await customerWithSession(db);
      await insertAccount(db, c.customerId, { balance: 100_000_00 });
      await refusedEverywhere(c, 409, 'WMS', 'RISK_PROFILE_REQUIRED');

      const profile = (expires: string) =>
        db.query(
          `INSERT INTO risk_profiles (customer_id, profile, score, answers, questionnaire_version, assessed_at, expires_at)
           VALUES ($1, 3, 20, '{}'::jsonb, 1, now() - interval '13 months', $2)
           ON CONFLICT (customer_id) DO UPDATE SET expires_at = $2`,
          [c.customerId, expires],
        );
      await profile(new Date(Date.now() - 86_400_000).toISOString());
      const expired = await refusedEverywhere(c, 409, 'WMS', 'RISK_PROFILE_EXPIRED');
      expect(expired.errorMessageIdn).toMatch(/kuesioner/);
      await profile(new Date(Date.now() + 30 * 86_400_000).toISOString());

      // No investor id (SID): the securities custody dialog (KSEI 04).
      await refusedEverywhere(c, 422, 'KSEI', '04');
      await db.query(
        `INSERT INTO investor_accounts (customer_id, sid, securities_account_no) VALUES ($1, $2, $3)`,
        [c.customerId, `SID${c.customerId}`, `SEC${c.customerId}`],
      );

      await refusedEverywhere(c, 422, 'CLICKS', 'AGE_UNKNOWN');
      const young = new Date();
      young.setUTCFullYear(young.getUTCFullYear() - 16);
      await db.query('UPDATE customers SET date_of_birth = $2 WHERE id = $1', [
        c.customerId,
        young.toISOString().slice(0, 10),
      ]);
      const tooYoung = await refusedEverywhere(c, 422, 'CLICKS', 'AGE_NOT_ELIGIBLE');
      expect(tooYoung.errorMessageEng).toMatch(/17 or older/);
      expect(tooYoung.errorMessageIdn).toMatch(/17 tahun/);
      await db.query("UPDATE customers SET date_of_birth = '1990-01-01' WHERE id = $1", [c.customerId]);

      // No credit card: the credit card no-account dialog (SICS T1).
      const noCard = await refusedEverywhere(c, 422, 'SICS', 'T1');
      expect(noCard.errorMessageIdn).toMatch(/kartu kredit/);
      await insertAccount(db, c.customerId, { product: 'credit_card', balance: 0, floor: -1_000_000_00 });

      const ok = await post(app, '/api/transaction/v1/eligibility', c.headers, {
        flowId: 'service.gatedtest',
      });
      expect(ok).toEqual({ status: 200, body: { eligible: true } });
      const { receipt } = await transact(app, db, c, 'service.gatedtest', { language: 'en' });
      expect(receipt.status).toBe(200);
      expect(receipt.body.details.requestStatus).toBe('received');
      expect(await requests(c)).toBe(1);
    });

    it('a flow without gates asks nothing (eligible at once)', async () => {
      const c = await customerWithSession(db);
      const r = await post(app, '/api/transaction/v1/eligibility', c.headers, {
        flowId: 'payment.bpjs',
      });
      expect(r.status).toBe(200);
    });
  });
});
