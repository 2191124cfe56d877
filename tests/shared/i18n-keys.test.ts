// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { LocaleKey, QualifiedKey } from '../../src/shared/i18n/keys';

// These lines are checked by `tsc` (npm run typecheck, part of npm test): a key that does not
// exist in locales/en must not compile.
const ok: LocaleKey<'shell'>[] = ['notFound.title', 'menu.items.chat', 'idle.stay'];
const qualified: QualifiedKey[] = [
  'errors:timeout.title',
  'common:actions.reload',
  'shell:placeholder.title',
];
// @ts-expect-error a key missing from locales/en/shell.json
const missing: LocaleKey<'shell'> = 'notFound.nope';
// @ts-expect-error a branch is not a string key
const branch: LocaleKey<'errors'> = 'catalogue';
// @ts-expect-error unknown namespace
const wrongNs: QualifiedKey = 'nowhere:title';

describe('typed locale keys', () => {
  it('compile for keys that exist', () => {
    expect([...ok, ...qualified, missing, branch, wrongNs]).toHaveLength(9);
  });
});
