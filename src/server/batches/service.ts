import type { Caller, TransactionServiceDeps } from '../transactions/context';
import { batchConfirming } from './batch-confirming';
import { batchContext } from './batch-context';
import { batchEditing } from './batch-editing';
import { batchViews } from './batch-views';

/**
 * Mass transfer, mass payment and mass purchase: a sheet's rows (or typed ones) each quoted through
 * its own flow, as its inquiry would be, with its errors on its row (batch-editing.ts); the good rows
 * verified once (the cart's verify-once) and each posted on its own through the engine's one posting
 * path, or each scheduled as one instruction of the existing scheduler on a future date
 * (batch-confirming.ts); what the pages read (batch-views.ts).
 */
export function createBatchService(deps: TransactionServiceDeps) {
  const bc = batchContext(deps);
  const views = batchViews(bc);
  const editing = batchEditing(bc, views);
  const confirming = batchConfirming(bc, views, editing);
  return {
    create: editing.create,
    upload: editing.upload,
    view: (caller: Caller, batchId: string) => views.view(caller, batchId),
    updateRow: editing.updateRow,
    addRow: editing.addRow,
    removeRows: editing.removeRows,
    startVerification: confirming.startVerification,
    resend: confirming.resend,
    status: confirming.status,
    confirm: confirming.confirm,
    resultFile: views.resultFile,
    edit: editing.edit,
    scheduled: views.scheduled,
    template: views.template,
    billers: views.billers,
  };
}

export type BatchService = ReturnType<typeof createBatchService>;
