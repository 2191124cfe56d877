export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Connections to PostgreSQL per app server (DATABASE_POOL_MAX). */
  databasePoolMax: number;
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

export function configFromEnv(argv: string[] = process.argv.slice(2), env = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: Number(env.DATABASE_POOL_MAX) || DEFAULT_POOL_MAX,
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
