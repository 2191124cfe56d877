import type { FastifyServerOptions } from 'fastify';
import { createRequire } from 'node:module';

interface RouteSchema {
  schema: unknown;
  httpPart?: string;
}
type Compile = (route: RouteSchema) => unknown;
type BuildCompiler = (externalSchemas: Record<string, unknown>, options: unknown) => Compile;
type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;

// Fastify's own default factories, resolved from fastify's folder (they are its dependencies, not ours).
const fromFastify = createRequire(createRequire(import.meta.url).resolve('fastify'));
const AjvCompiler = fromFastify('@fastify/ajv-compiler') as () => BuildCompiler;
const SerializerSelector = fromFastify('@fastify/fast-json-stringify-compiler') as () => BuildCompiler;

// One Ajv per set of shared schemas and options for the whole process (Fastify's default is one per
// instance), and one compiled function per schema text: an app build compiles ~300 route schemas and
// a test run builds ~250 apps.
const processValidators = AjvCompiler();
const processSerializers = SerializerSelector();
const compiled = new Map<string, unknown>();

/**
 * A factory answering a schema compiled before (same text, same shared schemas, same options) with
 * the function compiled then: functions compiled from the same text are interchangeable. A schema
 * naming an $id goes to the instance's own compiler, as with Fastify's default, since one Ajv keeps
 * one schema per $id.
 */
function cached(kind: string, shared: BuildCompiler, own: () => BuildCompiler): BuildCompiler {
  return (externalSchemas, options) => {
    const pool = `${kind}\n${JSON.stringify(externalSchemas)}\n${JSON.stringify(options)}\n`;
    const sharedCompile = shared(externalSchemas, options);
    let ownCompile: Compile | undefined;
    return (route) => {
      // Fastify lower-cases a headers schema's names only for its default compiler.
      if (kind === 'validator' && route.httpPart === 'headers')
        throw new Error('a headers schema would not be lower-cased (src/server/http/shared-compilers.ts)');
      const text = JSON.stringify(route.schema);
      if (typeof text !== 'string' || text.includes('"$id"'))
        return (ownCompile ??= own()(externalSchemas, options))(route);
      const key = pool + text;
      let fn = compiled.get(key);
      if (fn === undefined) compiled.set(key, (fn = sharedCompile(route)));
      return fn;
    };
  };
}

/**
 * The schemaController of every Fastify instance of the server: route schemas compiled once per
 * process rather than once per instance (tests build hundreds of apps). Fastify then treats the
 * compilers as custom ones, which changes only how it takes headers schemas, and none is taken.
 */
export function sharedCompilers(): SchemaController {
  let ownValidators: BuildCompiler | undefined;
  let ownSerializers: BuildCompiler | undefined;
  return {
    compilersFactory: {
      buildValidator: cached('validator', processValidators, () => (ownValidators ??= AjvCompiler())),
      buildSerializer: cached(
        'serializer',
        processSerializers,
        () => (ownSerializers ??= SerializerSelector()),
      ),
    },
  } as SchemaController;
}
