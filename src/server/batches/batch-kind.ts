import type { BatchKindName, BatchRowError } from '../../shared/batches';
import type { Queryable } from '../db/db';
import type { FlowCatalog } from '../transactions/catalog';
import type { ServerRegistry } from '../transactions/contracts';
import type { SheetShape } from '../mass-transfer/parse';

/** What a kind of batch is: how a sheet's rows become flows' forms, and the rows' shapes. */
export type { BatchKindName };
export const BATCH_KINDS: readonly BatchKindName[] = ['transfer', 'payment', 'purchase'];
/** The most rows a batch holds. */
export const BATCH_MAX_ROWS = 1000;

/** A row's problem: `field` is the sheet's column, or "row" for the row as a whole. */
export type RowError = BatchRowError;

/** A row as the sheet's own rules leave it: the flow and form it makes, or its errors. */
export interface PlannedRow {
  line: number;
  cells: Record<string, string>;
  flowId: string | null;
  /** The flow's form without its source of fund (the batch's). */
  form: Record<string, unknown> | null;
  errors: RowError[];
}

export interface PlanContext {
  db: Queryable;
  customerId: number;
  catalog: FlowCatalog;
  /** The choice sources a biller's list and a number's operator come from. */
  choiceSources: ServerRegistry['choiceSources'];
}

export interface BatchKind {
  kind: BatchKindName;
  shape: SheetShape;
  template(ctx: PlanContext): Promise<string>;
  /** Checks every row on its own (format, duplicates against the rows before it, named by `lines`). */
  plan(rows: Record<string, string>[], ctx: PlanContext, lines: number[]): Promise<PlannedRow[]>;
  /** The column a form field's error belongs on. */
  columnOf(flowId: string, formField: string): string;
  /** A row scheduled on a date that falls on a weekend or holiday runs on the next business day. */
  businessDaysOnly(cells: Record<string, string>): boolean;
}

export const cellsOf = (shape: SheetShape, raw: Record<string, string>) =>
  Object.fromEntries(shape.columns.map((c) => [c, (raw[c] ?? '').trim()]));
