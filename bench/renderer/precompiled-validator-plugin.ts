import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';

const PREFIX = 'virtual:precompiled-validator/';

/**
 * `import validateFns from 'virtual:precompiled-validator/forms/transfer/mass-transfer'` gives the
 * validator functions compiled at build time by @rjsf/validator-ajv8 (no `new Function` in the page).
 * The generated code is CommonJS, so its `require`s become imports and `exports` a local object.
 */
export function precompiledValidator(schemasDir: string): Plugin {
  return {
    name: 'bench-precompiled-validator',
    resolveId: (id) => (id.startsWith(PREFIX) ? `\0${id}` : null),
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const file = path.join(schemasDir, `${id.slice(PREFIX.length + 1)}.json`);
      const schema = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      const imports: string[] = [];
      const body = compileSchemaValidatorsCode(schema).replace(
        /require\(("[^"]+")\)/g,
        (_m, spec: string) => {
          const name = `__req${imports.length}`;
          imports.push(`import * as ${name} from ${spec};`);
          return name;
        },
      );
      return `${imports.join('\n')}\nconst exports = {};\n${body.replace(/^"use strict";/, '')}\nexport default exports;\n`;
    },
  };
}
