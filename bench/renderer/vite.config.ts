// The renderer benchmark's own build (not the app's): two pages, ours and stock @rjsf/mui.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { compileValidators } from '../../scripts/compile-validators';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  root: r('.'),
  base: './',
  logLevel: 'warn',
  plugins: [
    react(),
    // The product's compile step (scripts/compile-validators.ts): schemas/forms/** -> src/engine/generated/.
    { name: 'rjsf-precompiled-validators', config: () => void compileValidators() },
  ],
  resolve: { alias: { '@': r('../../src') } },
  build: {
    // Outside the source tree, so lint and prettier never see the bundle.
    outDir: r('../../node_modules/.cache/bench-renderer'),
    emptyOutDir: true,
    // Production React (no dev checks), readable enough to profile.
    minify: process.env.BENCH_MINIFY !== '0',
    rollupOptions: { input: { ours: r('./ours.html'), stock: r('./stock.html') } },
  },
});
