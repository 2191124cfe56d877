import type { FastifyInstance } from 'fastify';
import { appCatalog } from '../transactions/catalog';
import type { Caller } from '../transactions/context';
import { rowIdSchema } from '../http/common-schemas';
import { createCartService } from './service';
import { assertionSchema } from '../passkeys/schemas';
import { whereOf } from '../passkeys/where';
import type { AuthenticationResponseJSON } from '../passkeys/verify-inquiry';

const body = (properties: Record<string, unknown>, required: string[] = []) => ({
  type: 'object',
  additionalProperties: false,
  properties,
  required,
});
const itemId = rowIdSchema;
const checkoutId = { type: 'string', minLength: 1, maxLength: 64 } as const;
const flowId = { type: 'string', minLength: 1, maxLength: 100 } as const;
const form = { type: 'object', maxProperties: 100 } as const;

/** The cart (spec section 4 and 7's cart path): every call under /api/cart/v1/, each with its schema. */
export default async function cartRoutes(app: FastifyInstance): Promise<void> {
  const service = createCartService({
    db: app.db,
    otp: app.otp,
    catalog: appCatalog(app),
    registry: app.registry,
    hub: app.approvalHub,
  });
  const caller = (request: { session: { id: number; customerId: number } | null }): Caller => ({
    customerId: request.session!.customerId,
    sessionId: request.session!.id,
  });
  const route = <B>(
    path: string,
    summary: string,
    schema: Record<string, unknown>,
    handler: (c: Caller, b: B) => Promise<unknown>,
  ) =>
    app.post<{ Body: B }>(
      `/api/cart/v1/${path}`,
      { preHandler: app.requireSession, schema: { security: [{ bearer: [] }], summary, body: schema } },
      async (request) => handler(caller(request), request.body as B),
    );

  route('list', "The cart's items with their quotes, and the totals per source account", body({}), (c) =>
    service.list(c),
  );
  route('count', 'How many transactions are in the cart (the header badge)', body({}), (c) =>
    service.count(c),
  );
  route<{ flowId: string; form: Record<string, unknown> }>(
    'add',
    "Add a flow's transaction (checked and quoted as its inquiry) instead of verifying it now",
    body({ flowId, form }, ['flowId', 'form']),
    (c, b) => service.add(c, b.flowId, b.form),
  );
  route<{ itemId: number; form: Record<string, unknown> }>(
    'update',
    "Change an item's form (quoted again)",
    body({ itemId, form }, ['itemId', 'form']),
    (c, b) => service.update(c, b.itemId, b.form),
  );
  route<{ itemId: number }>('remove', 'Remove an item', body({ itemId }, ['itemId']), (c, b) =>
    service.remove(c, b.itemId),
  );
  route<{ method: 'otp' | 'approval' | 'passkey'; phoneId?: number }>(
    'verification',
    'Quote every item again, check the cart as a whole, and send one OTP or one approval request, or ask for one passkey signature over every item',
    body(
      {
        method: { type: 'string', enum: ['otp', 'approval', 'passkey'] },
        phoneId: { type: 'integer', minimum: 1 },
      },
      ['method'],
    ),
    (c, b) => service.checkout(c, b),
  );
  route<{ checkoutId: string }>(
    'verification/resend',
    'Resend the OTP or the approval request of a cart verification',
    body({ checkoutId }, ['checkoutId']),
    (c, b) => service.resend(c, b.checkoutId),
  );
  route<{ checkoutId: string }>(
    'verification/status',
    "The approval request's status",
    body({ checkoutId }, ['checkoutId']),
    (c, b) => service.status(c, b.checkoutId),
  );
  app.post<{ Body: { checkoutId: string; otp?: string; passkey?: AuthenticationResponseJSON } }>(
    '/api/cart/v1/confirm',
    {
      preHandler: app.requireSession,
      schema: {
        security: [{ bearer: [] }],
        summary:
          'Confirm the cart once (its OTP, approval or passkey signature); each item is then posted on its own with its own result',
        body: body(
          { checkoutId, otp: { type: 'string', minLength: 1, maxLength: 12 }, passkey: assertionSchema },
          ['checkoutId'],
        ),
      },
    },
    async (request) => service.confirm(caller(request), { ...request.body, where: whereOf(request) }),
  );
}
