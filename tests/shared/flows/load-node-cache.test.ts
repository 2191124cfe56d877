// @vitest-environment node
import { readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFlowsFromDisk, projectFolders } from '@/shared/flows/load-node';
import { projectCopy } from '../../kit/project-copy';

// loadFlowsFromDisk keeps the checked result per process while the files stay as they were: a change
// must be seen however small, and no caller may change what the next one gets.

const copies: { remove(): void }[] = [];
afterAll(() => copies.forEach((c) => c.remove()));
const copy = () => {
  const c = projectCopy({ files: {} });
  copies.push(c);
  return c.root;
};

describe('flows read once while unchanged', () => {
  it('sees a flow file changed in place, same size and modification time', () => {
    const root = copy();
    const file = path.join(root, 'flows/transfer/same-bank.json');
    // A whole second, which the file gets back after the change (stat times keep finer parts).
    const at = new Date('2024-01-01T00:00:00Z');
    utimesSync(file, at, at);
    const before = loadFlowsFromDisk(projectFolders(root));
    expect(before.problems).toEqual([]);
    const text = readFileSync(file, 'utf8');
    const { mtimeMs } = statSync(file);
    // One byte of the id changed: the file keeps its length and, put back, its modification time.
    const id = (JSON.parse(text) as { id: string }).id;
    const changedId = `${id.slice(0, -1)}${id.endsWith('x') ? 'y' : 'x'}`;
    writeFileSync(file, text.replace(`"id": "${id}"`, `"id": "${changedId}"`));
    utimesSync(file, at, at);
    expect(statSync(file)).toMatchObject({ size: Buffer.byteLength(text), mtimeMs });
    const after = loadFlowsFromDisk(projectFolders(root));
    expect(after.flows.map((f) => f.flow.id)).toContain(changedId);
    expect(after.flows.map((f) => f.flow.id)).not.toContain(id);
  });

  it('sees a file removed', () => {
    const root = copy();
    const { flows } = loadFlowsFromDisk(projectFolders(root));
    rmSync(path.join(root, 'flows/transfer/same-bank.json'));
    expect(loadFlowsFromDisk(projectFolders(root)).flows).toHaveLength(flows.length - 1);
  });

  it('gives each caller its own copy: changing one result changes no later one', () => {
    const first = loadFlowsFromDisk();
    const pristine = JSON.stringify(first);
    const [one] = first.flows;
    one!.flow.id = 'changed.by.a.caller';
    for (const schema of Object.values(one!.schemas)) (schema as Record<string, unknown>).type = 'string';
    first.flows.pop();
    first.problems.push({ file: 'x', path: '$', message: 'added by a caller' });
    const second = loadFlowsFromDisk();
    expect(JSON.stringify(second)).toBe(pristine);
  });

  it('answers a copy with the same files as the project itself (messages name files from the root)', () => {
    const root = copy();
    writeFileSync(path.join(root, 'flows/payment/bpjs.json'), '{ "id": ');
    const broken = loadFlowsFromDisk(projectFolders(root));
    expect(broken.problems).toEqual([
      { file: 'flows/payment/bpjs.json', path: '$', message: expect.stringMatching(/not valid JSON/) },
    ]);
    expect(JSON.stringify(loadFlowsFromDisk(projectFolders(copy())))).toBe(
      JSON.stringify(loadFlowsFromDisk()),
    );
  });
});
