import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bankDate } from '../../shared/bank-time';
import { listInstructions } from '../schedules/store';
import { empty, money } from './route-schemas';

type Listed = Awaited<ReturnType<typeof listInstructions>>[number];

/**
 * A mass transfer scheduled as a whole is one entry of the list (its batch: edited as one through
 * edit-scheduled-masstransaction): the rows' amounts summed, running while any row still runs.
 */
function groupMass(list: Listed[]): Listed[] {
  const out: Listed[] = [];
  const batches = new Map<string, Listed>();
  for (const i of list) {
    if (i.massBatchId === null) {
      out.push(i);
      continue;
    }
    const g = batches.get(i.massBatchId);
    if (!g) {
      const first = { ...i, summary: {}, runs: [...i.runs] };
      batches.set(i.massBatchId, first);
      out.push(first);
      continue;
    }
    g.amount += i.amount;
    g.runs.push(...i.runs);
    if (i.status === 'active' || i.status === 'suspended') g.status = i.status;
  }
  return out;
}

/** Scheduled and recurring transfers: the customer's list (/mytransaction/). */
export default async function scheduleRoutes(app: FastifyInstance): Promise<void> {
  const auth = { security: [{ bearer: [] }] };
  const customer = (request: FastifyRequest) => request.session!.customerId;

  // Scheduled transfers (/mytransaction/). Edit and delete are verified transactions: they come with the flow engine.
  app.post(
    '/api/schedule/v1/list',
    {
      preHandler: app.requireSession,
      schema: {
        ...auth,
        summary: 'The customer’s scheduled and recurring transfers, with their next run and last results',
        body: empty,
        response: {
          200: {
            type: 'object',
            properties: {
              today: { type: 'string' },
              instructions: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: {
                    id: { type: 'string' },
                    flowId: { type: 'string' },
                    summary: { type: 'object', additionalProperties: true },
                    amount: money,
                    kind: { type: 'string' },
                    recurrence: { type: ['object', 'null'], additionalProperties: true },
                    startDate: { type: 'string' },
                    endDate: { type: ['string', 'null'] },
                    maxRuns: { type: ['integer', 'null'] },
                    businessDaysOnly: { type: 'boolean' },
                    mass: { type: 'boolean' },
                    status: { type: 'string' },
                    nextRunDate: { type: ['string', 'null'] },
                    nextRunAt: { type: ['string', 'null'] },
                    runsDone: { type: 'integer' },
                    version: { type: 'integer' },
                    runs: {
                      type: 'array',
                      items: {
                        type: 'object',
                        properties: {
                          runDate: { type: 'string' },
                          status: { type: 'string' },
                          attempts: { type: 'integer' },
                          referenceNo: { type: ['string', 'null'] },
                          reason: { type: ['string', 'null'] },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const list = groupMass(await listInstructions(app.db, customer(request)));
      return {
        today: bankDate(),
        instructions: list.map((i) => ({
          id: i.massBatchId ?? String(i.id),
          flowId: i.flowId,
          summary: i.summary,
          amount: { amount: i.amount, currency: i.currency },
          kind: i.kind,
          recurrence: i.recurrence,
          startDate: i.startDate,
          endDate: i.endDate,
          maxRuns: i.maxRuns,
          businessDaysOnly: i.businessDaysOnly,
          mass: i.massBatchId !== null,
          status: i.status,
          nextRunDate: i.nextRunDate,
          nextRunAt: i.nextRunAt,
          runsDone: i.runsDone,
          version: i.version,
          runs: i.runs,
        })),
      };
    },
  );
}
