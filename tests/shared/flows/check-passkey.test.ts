// @vitest-environment node
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFlowsFromDisk, projectFolders } from '@/shared/flows/load-node';

// A flow may offer "passkey" only beside "otp": a customer without their device verifies by OTP.

const project = projectFolders();
const tmp = mkdtempSync(path.join(tmpdir(), 'flows-passkey-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function problemsWith(methods: string[]) {
  const root = mkdtempSync(path.join(tmp, 'p-'));
  for (const d of ['flows', 'schemas', 'locales', 'providers', 'lists', 'rules'])
    if (existsSync(path.join(project.root!, d)))
      cpSync(path.join(project.root!, d), path.join(root, d), { recursive: true });
  const file = path.join(root, 'flows', 'transfer/same-bank.json');
  const flow = JSON.parse(readFileSync(file, 'utf8')) as { verify: { methods: string[] } };
  flow.verify.methods = methods;
  writeFileSync(file, JSON.stringify(flow, null, 2));
  return loadFlowsFromDisk(projectFolders(root)).problems.filter((p) => p.path === '$.verify.methods');
}

describe('flows:check and passkeys', () => {
  it('accepts "passkey" beside "otp" and refuses it without', () => {
    expect(problemsWith(['otp', 'approval', 'passkey'])).toEqual([]);
    const refused = problemsWith(['approval', 'passkey']);
    expect(refused).toHaveLength(1);
    expect(refused[0]!.message).toMatch(/"passkey" needs "otp" beside it/);
  });
});
