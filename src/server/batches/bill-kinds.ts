import Papa from 'papaparse';
import type { CatalogFlow, FlowCatalog } from '../transactions/catalog';
import type { Choice, ServerRegistry } from '../transactions/contracts';
import { secretFields } from '../../shared/flows/secret';
import type { ChoiceSpec } from '../../shared/flows/types';
import { parseRupiah, type SheetShape } from '../mass-transfer/parse';
import {
  BATCH_MAX_ROWS,
  cellsOf,
  type BatchKind,
  type PlanContext,
  type PlannedRow,
  type RowError,
} from './batch-kind';

/**
 * Mass payment and mass purchase: a row is one of the billers (or operators) of the payment or
 * purchase area, found from what its flow file declares (its choices and its form's fields).
 */

const BILL_COLUMNS = ['biller', 'customer_no', 'product', 'amount'] as const;
const BILL_SHEET: SheetShape = {
  columns: BILL_COLUMNS,
  required: ['biller', 'customer_no'],
  maxRows: BATCH_MAX_ROWS,
};

type Schema = {
  required?: string[];
  properties?: Record<string, { type?: string; enum?: unknown[] }>;
};

/** How rows of one flow fill its form, read from the flow file and its form's schema. */
interface BillFlow {
  entry: CatalogFlow;
  /** The customer number's field (the one required text field the customer types). */
  keyField: string;
  /** The biller chosen from a list (company, region), if the flow has such a choice. */
  billerField?: string;
  /** A choice that depends on the biller (denomination, data plan): the sheet's product. */
  productField?: string;
  /** A choice inferred from the customer number (a mobile number's operator). */
  inferred?: { field: string; spec: ChoiceSpec };
  /** The amount or nominal the customer gives, when the flow asks for one. */
  amountField?: string;
}

/**
 * The flows of an area a row can run: one form of a source of fund, one customer number, at most one
 * biller list, one product list, one amount; no extra steps, no PIN. Others (an insurance premium with
 * its category step, an auto top-up's threshold) are made one at a time on their own pages.
 */
function billFlows(catalog: FlowCatalog, area: string): BillFlow[] {
  const out: BillFlow[] = [];
  for (const entry of catalog.all()) {
    const f = entry.flow;
    if (f.area !== area || f.machine || f.inquiry?.steps?.length || !f.posting || secretFields(f).length)
      continue;
    const schema = entry.validateForm.schema as Schema;
    const required = schema.required ?? [];
    if (!required.includes('sourceOfFund')) continue;
    const choices = f.choices ?? {};
    const free = required.filter((k) => k !== 'sourceOfFund' && !choices[k]);
    const texts = free.filter((k) => schema.properties?.[k]?.type === 'string');
    const numbers = free.filter((k) => schema.properties?.[k]?.type === 'integer');
    if (texts.length !== 1 || numbers.length > 1) continue;
    const picked = Object.entries(choices).filter(([k]) => k !== 'sourceOfFund' && required.includes(k));
    const billers = picked.filter(([, s]) => !s.dependsOn && !s.inferFrom);
    const products = picked.filter(([, s]) => s.dependsOn);
    const inferred = picked.filter(([, s]) => s.inferFrom);
    if (billers.length > 1 || products.length > 1 || inferred.length > 1) continue;
    out.push({
      entry,
      keyField: texts[0]!,
      billerField: billers[0]?.[0],
      productField: products[0]?.[0],
      inferred: inferred[0] ? { field: inferred[0][0], spec: inferred[0][1] } : undefined,
      amountField: numbers[0],
    });
  }
  return out;
}

/** One code of the sheet's "biller" column: a flow, and the biller it fixes if the flow lists several. */
export interface BillerCode {
  code: string;
  flowId: string;
  labelEng: string;
  labelIdn: string;
  fixed: Record<string, string>;
  needsProduct: boolean;
  needsAmount: boolean;
}

const shortName = (flowId: string) => flowId.slice(flowId.indexOf('.') + 1);

async function optionsOf(ctx: PlanContext, spec: ChoiceSpec): Promise<Choice[]> {
  const source = ctx.choiceSources[spec.source as keyof ServerRegistry['choiceSources']];
  if (!source) return [];
  return source({ db: ctx.db, customerId: ctx.customerId, spec });
}

/** The area's biller codes: a flow's list entries (a company's code), or the flow's short name. */
async function directory(ctx: PlanContext, flows: BillFlow[], t: Titles) {
  const codes = new Map<string, BillerCode>();
  const clash = new Set<string>();
  for (const bf of flows) {
    const f = bf.entry.flow;
    const base = {
      flowId: f.id,
      needsProduct: !!bf.productField,
      needsAmount: !!bf.amountField,
    };
    const add = (code: string, c: BillerCode) => {
      const k = code.toLowerCase();
      if (codes.has(k)) clash.add(k);
      codes.set(k, c);
      codes.set(`${shortName(f.id)}/${code}`.toLowerCase(), c);
    };
    if (bf.billerField) {
      for (const o of await optionsOf(ctx, f.choices![bf.billerField]!))
        add(o.value, {
          ...base,
          code: o.value,
          labelEng: o.labelEng,
          labelIdn: o.labelIdn,
          fixed: { [bf.billerField]: o.value },
        });
    } else {
      const title = t(f.titleKey);
      add(shortName(f.id), {
        ...base,
        code: shortName(f.id),
        labelEng: title.en,
        labelIdn: title.id,
        fixed: {},
      });
    }
  }
  // A code two flows share is asked for with its flow's name ("utility-water/PAMJAYA").
  for (const k of clash) codes.delete(k);
  return codes;
}

type Titles = (key: string) => { en: string; id: string };

/** The rows of a mass payment (area "payment") or mass purchase (area "purchase"). */
export function billsKind(kind: 'payment' | 'purchase', t: Titles): BatchKind {
  const columnMap = (bf: BillFlow | undefined, field: string) =>
    !bf
      ? 'row'
      : field === bf.keyField
        ? 'customer_no'
        : field === bf.billerField || field === bf.inferred?.field
          ? 'biller'
          : field === bf.productField
            ? 'product'
            : field === bf.amountField
              ? 'amount'
              : 'row';
  let flowsCache: { catalog: FlowCatalog; flows: BillFlow[] } | undefined;
  const flowsOf = (catalog: FlowCatalog) => {
    if (flowsCache?.catalog !== catalog) flowsCache = { catalog, flows: billFlows(catalog, kind) };
    return flowsCache.flows;
  };
  return {
    kind,
    shape: BILL_SHEET,
    // Billers and operators are paid on any day.
    businessDaysOnly: () => false,
    columnOf(flowId, field) {
      return columnMap(
        flowsCache?.flows.find((b) => b.entry.flow.id === flowId),
        field,
      );
    },
    async template(ctx) {
      const dir = await directory(ctx, flowsOf(ctx.catalog), t);
      const seen = new Set<BillerCode>();
      const data: string[][] = [];
      for (const [k, c] of dir) {
        if (seen.has(c) || k.includes('/')) continue;
        seen.add(c);
        data.push([c.code, '', c.needsProduct ? '' : '', c.needsAmount ? '' : '', `${c.labelEng}`]);
      }
      return Papa.unparse({ fields: [...BILL_COLUMNS, 'biller_name'], data });
    },
    async plan(raw, ctx, lines) {
      const flows = flowsOf(ctx.catalog);
      const dir = await directory(ctx, flows, t);
      const seen = new Map<string, number>();
      const out: PlannedRow[] = [];
      for (const [i, r] of raw.entries()) {
        const line = lines[i]!;
        const cells = cellsOf(BILL_SHEET, r);
        const errors: RowError[] = [];
        const code = dir.get(cells.biller!.toLowerCase());
        if (!cells.biller)
          errors.push({ field: 'biller', eng: 'Biller is required', idn: 'Biller wajib diisi' });
        else if (!code)
          errors.push({
            field: 'biller',
            eng: 'Biller is not in the list of billers',
            idn: 'Biller tidak ada dalam daftar biller',
          });
        const customerNo = cells.customer_no!.replace(/[\s-]/g, '');
        if (!customerNo)
          errors.push({
            field: 'customer_no',
            eng: 'Customer number is required',
            idn: 'Nomor pelanggan wajib diisi',
          });
        let amount: number | null = null;
        if (code?.needsAmount) {
          amount = parseRupiah(cells.amount!);
          if (!cells.amount)
            errors.push({ field: 'amount', eng: 'Amount is required', idn: 'Jumlah wajib diisi' });
          else if (amount === null || amount <= 0)
            errors.push({
              field: 'amount',
              eng: 'Amount must be a number of rupiah',
              idn: 'Jumlah harus berupa angka rupiah',
            });
        }
        if (code?.needsProduct && !cells.product)
          errors.push({ field: 'product', eng: 'Product is required', idn: 'Produk wajib diisi' });
        if (code && customerNo) {
          const key = `${code.flowId}:${JSON.stringify(code.fixed)}:${customerNo}:${cells.product}:${amount}`;
          const first = seen.get(key);
          if (first !== undefined)
            errors.push({
              field: 'customer_no',
              eng: `Duplicate of row ${first}`,
              idn: `Duplikat baris ${first}`,
            });
          else seen.set(key, line);
        }
        if (errors.length || !code) {
          out.push({ line, cells, flowId: null, form: null, errors });
          continue;
        }
        const bf = flows.find((b) => b.entry.flow.id === code.flowId)!;
        const form: Record<string, unknown> = { ...code.fixed, [bf.keyField]: customerNo };
        if (bf.inferred) {
          // As the form does: the option whose prefixes start the customer number (a mobile number's operator).
          const prefixKey = bf.inferred.spec.prefixKey ?? 'prefixes';
          const options = await optionsOf(ctx, bf.inferred.spec);
          const hit = options.find((o) =>
            ((o.detail?.[prefixKey] as string[] | undefined) ?? []).some((p) => customerNo.startsWith(p)),
          );
          if (!hit) {
            out.push({
              line,
              cells,
              flowId: null,
              form: null,
              errors: [
                {
                  field: 'customer_no',
                  eng: 'No operator serves this number',
                  idn: 'Tidak ada operator untuk nomor ini',
                },
              ],
            });
            continue;
          }
          form[bf.inferred.field] = hit.value;
        }
        if (bf.productField) form[bf.productField] = cells.product;
        if (bf.amountField) form[bf.amountField] = amount;
        out.push({ line, cells, flowId: code.flowId, form, errors });
      }
      return out;
    },
  };
}

/** The billers a sheet may name, for the page's help (code, name, what the row needs). */
export async function billerCodes(kind: 'payment' | 'purchase', ctx: PlanContext, t: Titles) {
  const dir = await directory(ctx, billFlows(ctx.catalog, kind), t);
  const seen = new Set<BillerCode>();
  const out: BillerCode[] = [];
  for (const [k, c] of dir) {
    if (seen.has(c) || k.includes('/')) continue;
    seen.add(c);
    out.push(c);
  }
  return out;
}
