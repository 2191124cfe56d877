import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { projectCopy } from '../kit/project-copy';

/** The folder of the new shapes an analyst wrote as JSON only (flows, form schemas, strings). */
export const NEW_SHAPES_DIR = path.join(import.meta.dirname, 'new-shapes');

const read = (rel: string) => JSON.parse(readFileSync(path.join(NEW_SHAPES_DIR, rel), 'utf8')) as unknown;

/** Every JSON file of the shapes under flows/ and schemas/, by its path in a project. */
export function newShapeFiles(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const top of ['flows', 'schemas'])
    for (const f of readdirSync(path.join(NEW_SHAPES_DIR, top), { recursive: true }) as string[])
      if (String(f).endsWith('.json')) out[`${top}/${String(f)}`] = read(`${top}/${String(f)}`);
  return out;
}

export const newShapeStrings = () => ({
  en: read('locales/en/flows.json') as Record<string, unknown>,
  id: read('locales/id/flows.json') as Record<string, unknown>,
});

/** A copy of the project's data folders with the new shapes added, as FLOWS_ROOT for the server. */
export const newShapesCopy = () => projectCopy({ files: newShapeFiles(), strings: newShapeStrings() });
