export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections to PostgreSQL per app server (DATABASE_POOL_MAX). */
  databasePoolMax: number;
  /** Where LISTEN connects when DATABASE_URL goes through a transaction pooler (DATABASE_LISTEN_URL). */
  databaseListenUrl?: string;
  /**
   * DATABASE_POOLER=transaction: DATABASE_URL is a pooler in transaction mode (PgBouncer), so no named
   * statements; LISTEN then needs DATABASE_LISTEN_URL.
   */
  databasePooler: 'none' | 'transaction';
  /** How long a graceful stop (SIGTERM) waits for requests in flight (DRAIN_TIMEOUT_MS). */
  drainTimeoutMs: number;
  /** How often an open approval stream re-reads on its own (APPROVAL_REREAD_MS; NOTIFY wakes it besides). */
  approvalRereadMs?: number;
  /** Demo mode seeds the personas on first start; production seeds nothing. */
  demo: boolean;
  /** Folder of the built web apps (vite build output). */
  staticDir: string;
  logLevel: string;
  /** Write every log line at once (LOG_SYNC=1) instead of in 4 KiB or 1 s batches. */
  logSync: boolean;
  trustProxy?: boolean | string;
}

/**
 * A few connections keep a small database busy; more only make its backends take turns on the same
 * cores (requests wait in the app's pool queue instead, which costs nothing).
 */
export const DEFAULT_POOL_MAX = 10;

/** A confirm takes milliseconds; a stop waits this long for the slowest (a provider's time-out). */
export const DEFAULT_DRAIN_MS = 15_000;

/** The database options of openDb from the configuration; refuses a pooler without a LISTEN URL. */
export function postgresOptions(config: ServerConfig): { namedStatements: boolean; listenUrl?: string } {
  if (config.databasePooler === 'transaction' && !config.databaseListenUrl)
    throw new Error(
      'DATABASE_POOLER=transaction needs DATABASE_LISTEN_URL: LISTEN holds a session, which a transaction pooler does not give (set it to the database itself)',
    );
  return {
    namedStatements: config.databasePooler !== 'transaction',
    listenUrl: config.databaseListenUrl ?? config.databaseUrl,
  };
}

export function configFromEnv(argv: string[] = process.argv.slice(2), env = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: Number(env.DATABASE_POOL_MAX) || DEFAULT_POOL_MAX,
    databaseListenUrl: env.DATABASE_LISTEN_URL || undefined,
    databasePooler: env.DATABASE_POOLER === 'transaction' ? 'transaction' : 'none',
    drainTimeoutMs: env.DRAIN_TIMEOUT_MS ? Number(env.DRAIN_TIMEOUT_MS) : DEFAULT_DRAIN_MS,
    approvalRereadMs: Number(env.APPROVAL_REREAD_MS) || undefined,
    demo: argv.includes('--demo') || env.DEMO === '1',
    staticDir: env.STATIC_DIR ?? 'dist',
    logLevel: env.LOG_LEVEL ?? 'info',
    logSync: env.LOG_SYNC === '1',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}

/** 'true'/'false', or the proxies' addresses/CIDRs, comma-separated. */
function parseTrustProxy(v: string | undefined): boolean | string | undefined {
  if (!v) return undefined;
  return v === 'true' || v === 'false' ? v === 'true' : v;
}
