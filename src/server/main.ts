import { configFromEnv, postgresOptions } from './config';
import type { Db } from './db/db';
import { listenBoot } from './http/boot-server';
import { serverLogger } from './log-destination';
import { buildStaticApp } from './static-app';
import { endEventStreams } from './transactions/sse';
import type { FastifyInstance } from 'fastify';
import { mkdir } from 'node:fs/promises';

const config = configFromEnv();
const pgOptions = postgresOptions(config);
const logger = serverLogger(config);
// The built apps are served first (a phone gets its page within a second or two of a start); the API's
// requests wait, unread, until the database is open and the whole app built (src/server/http/boot-server.ts).
const early = await buildStaticApp({ staticDir: config.staticDir, logger, trustProxy: config.trustProxy });
const boot = await listenBoot(early, { port: config.port, host: config.host });
early.log.info({ port: boot.port }, 'serving the built apps; the API follows');

/** What is open so far, for a shutdown that comes during the start. */
const opened: { app?: FastifyInstance; db?: Db } = {};
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    early.log.info({ signal }, 'draining');
    // The balancer reads 503 at /readyz and is refused new connections; the requests in flight (a
    // confirm) finish within the bound; the event streams are told to reconnect, to another server.
    const drained = boot.drain(config.drainTimeoutMs);
    const streams = endEventStreams();
    void drained
      .then(({ cut }) => early.log.info({ streams, cut, drained: true }, 'shutting down'))
      .then(() => early.close())
      .then(() => opened.app?.close())
      .then(() => opened.db?.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}

// The server's modules load while PGlite opens its data folder and migrates (both wait on I/O and WASM).
if (!config.databaseUrl) await mkdir(config.dataDir, { recursive: true });
const [{ buildApp }, { seedDemoDataOnce }, db] = await Promise.all([
  import('./app'),
  import('./demo-seed-once'),
  import('./db/db').then(async ({ openDb }) => {
    opened.db = await openDb({
      databaseUrl: config.databaseUrl,
      poolMax: config.databasePoolMax,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      ...pgOptions,
    });
    await (await import('./db/migrate')).migrate(opened.db);
    return opened.db;
  }),
]);
const app = (opened.app = await buildApp({
  db,
  demo: config.demo,
  staticDir: config.staticDir,
  logger,
  trustProxy: config.trustProxy,
  approvalRereadMs: config.approvalRereadMs,
}));
if (config.demo) {
  const seeded = await seedDemoDataOnce(db);
  if (!seeded.skipped && seeded.personas) app.log.info(seeded, 'demo data seeded');
}
await app.ready();
boot.handOver(app);
const { migratedToLatest } = await import('./db/migrate');
boot.readiness(() => migratedToLatest(db));

// The loopback and any-address hosts are printed as localhost: a browser makes no passkey for an IP
// address (WebAuthn's RP id is a domain; PASSKEY_RP_ID defaults to localhost).
const LOCAL = ['0.0.0.0', '127.0.0.1', '::', '::1'];
const url = `http://${LOCAL.includes(config.host) ? 'localhost' : config.host}:${boot.port}/`;
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
