import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The CSP has no 'unsafe-eval': form validators are precompiled, so nothing in the built apps may
// compile code at run time. Runs after `npm run build` (the browser project's precondition).
const assets = path.resolve(import.meta.dirname, '../../dist/assets');

describe('built bundles', () => {
  it('exist (npm run build ran)', () => {
    expect(existsSync(assets)).toBe(true);
  });

  const files = existsSync(assets) ? readdirSync(assets).filter((f) => f.endsWith('.js')) : [];
  it.each(files)('%s compiles no code at run time', (file) => {
    const code = readFileSync(path.join(assets, file), 'utf8');
    expect(code).not.toMatch(/new Function\s*\(/);
    expect(code).not.toMatch(/[^\w.$]eval\s*\(/);
  });

  // react-router's package serves its development build (vite.config.ts strips its warnings' flag).
  it.each(files)("%s carries none of React Router's development warnings", (file) => {
    const code = readFileSync(path.join(assets, file), 'utf8');
    expect(code).not.toContain('You rendered descendant <Routes>');
    expect(code).not.toContain('Hey developer');
  });
});
