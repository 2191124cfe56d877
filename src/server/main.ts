import { buildApp } from './app';
import { configFromEnv } from './config';
import { openDb } from './db/db';
import { migrate } from './db/migrate';
import { seedDemoDataOnce } from './demo-seed-once';
import { serverLogger } from './log-destination';
import { mkdir } from 'node:fs/promises';

const config = configFromEnv();
if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
const db = await openDb({
  databaseUrl: config.databaseUrl,
  poolMax: config.databasePoolMax,
  dataDir: config.databaseUrl ? undefined : config.dataDir,
});
await migrate(db);
const app = await buildApp({
  db,
  demo: config.demo,
  staticDir: config.staticDir,
  logger: serverLogger(config),
  trustProxy: config.trustProxy,
});
if (config.demo) {
  const seeded = await seedDemoDataOnce(db);
  if (!seeded.skipped && seeded.personas) app.log.info(seeded, 'demo data seeded');
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    void app
      .close()
      .then(() => db.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}

await app.listen({ port: config.port, host: config.host });
// The port bound (PORT=0 picks a free one).
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}/`;
console.log(
  `\n  Internet banking:      ${url}login/\n  Registration:          ${url}register/\n  Companion app:         ${url}m/\n  API docs:              ${url}api/docs\n`,
);
if (config.demo) {
  console.log('  Demo logins (user id / password / companion-app PIN):');
  console.log('    budisantoso   / Budi@2026 / 482916   full customer');
  console.log('    saridewi      / Sari@2026 / 739251   credit-card-only');
  console.log('    andiwijaya    / Andi@2026 / 615283   supplementary card holder');
  console.log('    rinanodefault / Rina@2026 / 357924   no default accounts (dashboard error 95)');
  console.log('    dewifds       / Dewi@2026 / 264819   FDS challenge at every login');
  console.log('    bayubds       / Bayu@2026 / 591734   BDS challenge on a new browser');
  console.log(`  One-time passwords: ${url}dev/outbox   E-mails (alerts): ${url}dev/email-outbox`);
  console.log('  Holders to register: docs/registration-demo.md\n');
}
