// Checks every flow file: meta-schema, referenced schemas, locale keys in both languages, registry names,
// duplicate ids and routes. Prints every problem with its file and JSON path.
// Usage: npm run flows:check [-- --root <folder with flows/, schemas/, locales/>]
import path from 'node:path';
import { loadFlowsFromDisk, projectFolders } from '../src/shared/flows/load-node';

const i = process.argv.indexOf('--root');
const root = i > 0 && process.argv[i + 1] ? path.resolve(process.argv[i + 1]!) : undefined;
const { flows, problems } = loadFlowsFromDisk(root ? projectFolders(root) : projectFolders());
if (problems.length) {
  for (const p of problems) console.error(`${p.file}  ${p.path}\n  ${p.message}`);
  console.error(
    `\nflows:check: ${problems.length} problem(s) in ${new Set(problems.map((p) => p.file)).size} file(s)`,
  );
  process.exit(1);
}
console.log(`flows:check: ${flows.length} flow(s), no problems`);
