import { serviceContext, type TransactionServiceDeps } from '../transactions/context';
import { verifyOnce } from '../transactions/verify-once';
import { billsKind, transferKind, type BatchKind, type BatchKindName, type PlanContext } from './kinds';
import { batchStore } from './stored-rows';

/** What every part of the batch service shares: the engine's context, verify-once, the kinds, the reads. */
export function batchContext(deps: TransactionServiceDeps) {
  const ctx = serviceContext(deps);
  const { db, t } = ctx;
  const titles = (key: string) => ({ en: t(key, 'en'), id: t(key, 'id') });
  const KINDS: Record<BatchKindName, BatchKind> = {
    transfer: transferKind,
    payment: billsKind('payment', titles),
    purchase: billsKind('purchase', titles),
  };
  const planCtx = (customerId: number): PlanContext => ({
    db,
    customerId,
    catalog: ctx.catalog,
    choiceSources: ctx.registry.choiceSources,
  });
  return { ctx, db, once: verifyOnce(ctx), titles, KINDS, planCtx, ...batchStore(db) };
}

export type BatchContext = ReturnType<typeof batchContext>;
