import type { FastifyInstance } from 'fastify';
import { FAQ } from './faq';

const bilingual = {
  type: 'object',
  additionalProperties: false,
  required: ['eng', 'idn'],
  properties: { eng: { type: 'string' }, idn: { type: 'string' } },
} as const;

/** Help & Support: the FAQ (/help/faq/). Public content, but served to signed-in customers only. */
export default async function helpRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/help/v1/faq',
    {
      preHandler: app.requireSession,
      schema: {
        tags: ['help'],
        summary: 'Frequently asked questions in both languages, by category',
        body: { type: 'object', additionalProperties: false, properties: {} },
        response: {
          200: {
            type: 'object',
            additionalProperties: false,
            required: ['entries'],
            properties: {
              entries: {
                type: 'array',
                items: {
                  type: 'object',
                  additionalProperties: false,
                  required: ['id', 'category', 'question', 'answer'],
                  properties: {
                    id: { type: 'string' },
                    category: { type: 'string' },
                    question: bilingual,
                    answer: bilingual,
                  },
                },
              },
            },
          },
        },
      },
    },
    async () => ({ entries: FAQ }),
  );
}
