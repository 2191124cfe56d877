import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { folderKey, loadFlowsFromDisk, projectFolders } from '../../shared/flows/load-node';
import type { FlowFile, LoadedFlow } from '../../shared/flows/types';
import { invalidRequest } from '../http/api-error';
import { ruleText } from '../http/rule-text';
import { uiSchemaWithSchedule } from '../../shared/flows/schedule';

export interface CatalogFlow {
  flow: FlowFile;
  /** The flow's own form schema (the very file the browser validates with). */
  validateForm: ValidateFunction;
}

export interface FlowCatalog {
  get(flowId: string): CatalogFlow | undefined;
  all(): CatalogFlow[];
}

/**
 * Each flow's form schema, compiled on the flow's first use and kept: compiling every flow at start-up
 * was a good part of a server start (issue 20: a second `npm start` serves within 3 s).
 */
export function catalogOf(flows: LoadedFlow[]): FlowCatalog {
  let ajv: Ajv | undefined;
  const compile = (schema: Record<string, unknown>) => {
    if (!ajv) {
      ajv = new Ajv({ allErrors: true, strict: false, coerceTypes: false });
      (addFormats as unknown as (a: Ajv) => void)(ajv);
    }
    return ajv.compile(schema);
  };
  const byId = new Map<string, CatalogFlow>();
  for (const lf of flows) {
    const schema = lf.schemas[lf.flow.form.schema];
    if (!schema) continue;
    // Schemas carry an $id; compile a copy without it so two flows may share one form file.
    const { $id: _id, ...rest } = schema as Record<string, unknown> & { $id?: string };
    let validate: ValidateFunction | undefined;
    byId.set(lf.flow.id, {
      flow: lf.flow,
      get validateForm() {
        return (validate ??= compile(rest));
      },
    });
  }
  return { get: (id) => byId.get(id), all: () => [...byId.values()] };
}

const loaded = new Map<string, { stamp: string | undefined; catalog: FlowCatalog }>();

/**
 * The project's flows (or FLOWS_ROOT's: a folder holding flows/, schemas/ and locales/). A flow with
 * problems is left out and logged; `npm run flows:check` is where analysts see them. Read and checked
 * once per process while the files stay as they were (several route plugins ask for it).
 */
export function loadCatalog(log?: FastifyBaseLogger): FlowCatalog {
  const root = process.env.FLOWS_ROOT;
  const folders = root ? projectFolders(root) : projectFolders();
  // The flows checker's own key of the files (their bytes), so both see a change alike.
  const stamp = folderKey(folders);
  const key = folders.root ?? folders.flowsDir;
  const known = loaded.get(key);
  if (stamp !== undefined && known?.stamp === stamp) return known.catalog;
  const { flows, problems } = loadFlowsFromDisk(folders, stamp);
  for (const p of problems) log?.warn({ file: p.file, path: p.path }, `flow left out: ${p.message}`);
  const catalog = catalogOf(flows);
  loaded.set(key, { stamp, catalog });
  return catalog;
}

const perApp = new WeakMap<object, FlowCatalog>();

/**
 * The catalog of one app, for its route plugins: the folders are stamped once per app build, not
 * once per plugin (nine plugins stamping ~400 files each was a good part of a build). A file changed
 * before the next build is seen by that build.
 */
export function appCatalog(app: FastifyInstance): FlowCatalog {
  // Every plugin's (encapsulated) instance shares its app's one http server.
  let catalog = perApp.get(app.server);
  if (!catalog) perApp.set(app.server, (catalog = loadCatalog(app.log)));
  return catalog;
}

/**
 * Runs the flow's form schema; problems become inline fields under /form, in both languages: the
 * flow's own message for that rule when its uiSchema has one (ui:errors), else a plain sentence.
 */
export function validateFormOrThrow(
  entry: CatalogFlow,
  form: unknown,
  t?: (localeKey: string, lang: 'en' | 'id') => string,
): Record<string, unknown> {
  if (entry.validateForm(form)) return form as Record<string, unknown>;
  const fields: Record<string, { eng: string; idn: string }> = {};
  const uiSchema = uiSchemaWithSchedule(entry.flow, entry.flow.form.uiSchema);
  for (const e of entry.validateForm.errors ?? []) {
    // if/then and the like report themselves besides the rule that failed inside them.
    if (e.keyword === 'if' || e.keyword === 'oneOf' || e.keyword === 'anyOf') continue;
    const missing = (e.params as { missingProperty?: string }).missingProperty;
    const extra = (e.params as { additionalProperty?: string }).additionalProperty;
    const at = `/form${e.instancePath}${missing ? `/${missing}` : extra ? `/${extra}` : ''}`;
    // The field's uiSchema, nested ones too ("when to transfer"'s date is /form/when/date).
    let node: unknown = uiSchema;
    for (const seg of at.split('/').slice(2)) node = (node as Record<string, unknown> | undefined)?.[seg];
    const key = (node as { 'ui:errors'?: Record<string, string> } | undefined)?.['ui:errors']?.[e.keyword];
    fields[at] ??= key && t ? { eng: t(key, 'en'), idn: t(key, 'id') } : ruleText(e.keyword);
  }
  throw invalidRequest(fields);
}
