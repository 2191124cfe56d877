// The import graph's rules (npm run deps:check, part of npm test): no circle anywhere, and imports go
// one way: app -> features -> engine -> shared (ESLint's layers, eslint.config.js, say the same per
// file); the server never imports browser code, and the transaction core (src/server/transactions)
// imports no domain: domains plug in through the server's composition root (src/server/domains.ts).
// Type-only imports count: a circle of types is still a circle.

/**
 * What the transaction core may import from src/server besides itself: the infrastructure and the app's
 * services (the database, HTTP errors, sessions and passwords, OTP, SMS, app approvals, passkeys, the reference
 * lists and providers, the simulated core bank's rates and card numbers), a flow's mailbox notice, and
 * the stores of the two features every flow file may declare (`promo`: a promo code on the fee;
 * `schedule`: "when to transfer"), named file by file. Anything else is a domain, met only through the
 * registry the composition root hands the core.
 */
const CORE_MAY_IMPORT = [
  '^src/server/transactions/',
  '^src/server/(db|http|auth|otp|sms|approvals|passkeys|reference|core-bank)/',
  '^src/server/mailbox/flow-notice\\.ts$',
  '^src/server/promo/(quote-promo|take-promo)\\.ts$',
  '^src/server/schedules/(recurrence|store|settled)\\.ts$',
];

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
    {
      name: 'core-imports-no-domain',
      severity: 'error',
      comment:
        'The transaction core knows no domain: a domain adds its implementations and routes through its ' +
        'domain.ts, listed in src/server/domains.ts; the core reads them from the registry it is handed.',
      from: { path: '^src/server/transactions/' },
      to: { path: '^src/server/', pathNot: CORE_MAY_IMPORT },
    },
    {
      name: 'server-imports-no-browser-code',
      severity: 'error',
      comment: 'The server never imports the browser apps (src/shared is what both sides share).',
      from: { path: '^src/server/' },
      to: { path: '^src/(app|features|engine|register|mobile)/' },
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
