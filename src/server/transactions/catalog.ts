import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyBaseLogger } from 'fastify';
import { loadFlowsFromDisk, projectFolders } from '../../shared/flows/load-node';
import type { FlowFile, LoadedFlow } from '../../shared/flows/types';
import { invalidRequest } from '../http/api-error';

export interface CatalogFlow {
  flow: FlowFile;
  /** The flow's own form schema (the very file the browser validates with). */
  validateForm: ValidateFunction;
}

export interface FlowCatalog {
  get(flowId: string): CatalogFlow | undefined;
  all(): CatalogFlow[];
}

/** Compiles each flow's form schema once. */
export function catalogOf(flows: LoadedFlow[]): FlowCatalog {
  const ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  const byId = new Map<string, CatalogFlow>();
  for (const lf of flows) {
    const schema = lf.schemas[lf.flow.form.schema];
    if (!schema) continue;
    // Schemas carry an $id; compile a copy without it so two flows may share one form file.
    const { $id: _id, ...rest } = schema as Record<string, unknown> & { $id?: string };
    byId.set(lf.flow.id, { flow: lf.flow, validateForm: ajv.compile(rest) });
  }
  return { get: (id) => byId.get(id), all: () => [...byId.values()] };
}

/**
 * The project's flows (or FLOWS_ROOT's: a folder holding flows/, schemas/ and locales/). A flow with
 * problems is left out and logged; `npm run flows:check` is where analysts see them.
 */
export function loadCatalog(log?: FastifyBaseLogger): FlowCatalog {
  const root = process.env.FLOWS_ROOT;
  const { flows, problems } = loadFlowsFromDisk(root ? projectFolders(root) : projectFolders());
  for (const p of problems) log?.warn({ file: p.file, path: p.path }, `flow left out: ${p.message}`);
  return catalogOf(flows);
}

/** Runs the flow's form schema; problems become inline fields under /form. */
export function validateFormOrThrow(entry: CatalogFlow, form: unknown): Record<string, unknown> {
  if (entry.validateForm(form)) return form as Record<string, unknown>;
  const fields: Record<string, { eng: string; idn: string }> = {};
  for (const e of entry.validateForm.errors ?? []) {
    const missing = (e.params as { missingProperty?: string }).missingProperty;
    const extra = (e.params as { additionalProperty?: string }).additionalProperty;
    const at = `/form${e.instancePath}${missing ? `/${missing}` : extra ? `/${extra}` : ''}`;
    const eng = missing ? 'is required' : extra ? 'is not allowed' : (e.message ?? 'is invalid');
    const idn = missing ? 'wajib diisi' : extra ? 'tidak diperbolehkan' : 'tidak valid';
    fields[at] ??= { eng, idn };
  }
  throw invalidRequest(fields);
}
