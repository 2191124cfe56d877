// What the rule families share: the run (its input and what earlier files took) and the flow being checked.
import type { Ajv } from 'ajv';
import type { ChoiceSpec, FlowFile, FlowProblem, InquiryStep, LoadedFlow } from '../types';
import type { ProviderCategory, ReferenceData } from '../reference';

/** What the checker reads; the Node loader (load-node.ts) fills it from the three folders. */
export interface FlowCheckInput {
  /** Flow files: `file` as shown to the analyst (e.g. "flows/payment/bpjs.json"), `name` relative to the flows folder. */
  flows: { file: string; name: string; text: string }[];
  /** Text of a schema under the schemas folder ("forms/payment/bpjs.json"), or undefined when missing. */
  readSchema(path: string): string | undefined;
  /** Locale files by language then namespace (the parsed locales/<lang>/<ns>.json). */
  locales: Record<string, Record<string, unknown>>;
  /** How to show the schemas folder in messages, default "schemas/". */
  schemasLabel?: string;
  /** Reference lists and provider categories (lists/, providers/), for choices and providers. */
  reference?: ReferenceData;
}

export interface FlowCheckResult {
  flows: LoadedFlow[];
  problems: FlowProblem[];
}

/** One run over every flow: the form schemas read so far, and the ids and routes already taken. */
export interface CheckRun {
  input: FlowCheckInput;
  schemasLabel: string;
  ajv: Ajv;
  schemaCache: Map<string, Record<string, unknown> | null>;
  ids: Map<string, string>;
  routes: Map<string, string>;
  routeVariants: Map<string, { file: string; variant?: string }[]>;
}

/** One flow file, read as far as it goes (the checker carries on past a problem). */
export interface FlowUnderCheck {
  run: CheckRun;
  file: string;
  flow: Partial<FlowFile>;
  /** The form schemas it names, by reference, for the loaded flow. */
  schemas: Record<string, Record<string, unknown>>;
  report(path: string, message: string): void;
}

/** The flow once its forms are read: what the rules on values, choices and rows look things up in. */
export interface FlowWithForms extends FlowUnderCheck {
  mainSchema: Record<string, unknown> | undefined;
  /** The fields of its form and of its earlier steps' forms. */
  fields: Set<string> | undefined;
  steps: InquiryStep[];
  secrets: Set<string>;
  choices: Record<string, ChoiceSpec>;
  reference: ReferenceData;
  /** Its provider's category (providers/<category>.json), when it names a known one. */
  category: ProviderCategory | undefined;
}
