export interface ServerConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Demo mode seeds the personas on first start; production seeds nothing. */
  demo: boolean;
  /** Folder of the built web apps (vite build output). */
  staticDir: string;
  logLevel: string;
  trustProxy?: boolean | string;
}

export function configFromEnv(argv: string[] = process.argv.slice(2), env = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '127.0.0.1',
    dataDir: env.DATA_DIR ?? './data',
    databaseUrl: env.DATABASE_URL || undefined,
    demo: argv.includes('--demo') || env.DEMO === '1',
    staticDir: env.STATIC_DIR ?? 'dist',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}

/** 'true'/'false', or the proxies' addresses/CIDRs, comma-separated. */
function parseTrustProxy(v: string | undefined): boolean | string | undefined {
  if (!v) return undefined;
  return v === 'true' || v === 'false' ? v === 'true' : v;
}
