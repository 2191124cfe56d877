// The import graph's rules (npm run deps:check, part of npm test): no circle anywhere, and imports go
// one way: app -> features -> engine -> shared; the server never imports browser code, and the
// transaction core (src/server/transactions) imports no domain: domains plug in through the server's
// composition root (src/server/domains.ts). Type-only imports count: a circle of types is still a circle.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle makes two modules one; break it with a leaf file of the shared contract.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'src/engine/generated', 'stories/generated'] },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
  },
};
