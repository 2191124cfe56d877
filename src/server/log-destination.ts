import pino from 'pino';
import type { ServerConfig } from './config';

/** How often buffered log lines are written out when the server is quiet. */
export const LOG_FLUSH_MS = 1000;

/**
 * Where the server's log goes: stdout, by default in writes of 4 KiB or every second, whichever
 * comes first. A write(2) for each line (two a request) cost every request ~0.15 ms of CPU on a
 * 2-core box (`docs/performance-log.md`). pino writes what is buffered when the process exits, on an
 * uncaught exception (and main.ts exits on SIGINT/SIGTERM), so only a process killed outright or a
 * machine failure can lose the last second. `sync` (LOG_SYNC=1) writes every line at once.
 */
export function logDestination({ sync }: { sync: boolean }): pino.DestinationStream {
  return sync
    ? pino.destination({ dest: 1, sync: true })
    : pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: LOG_FLUSH_MS });
}

/** The server's logger as configured (LOG_LEVEL, LOG_SYNC): the entry point and the bench use it alike. */
export function serverLogger(config: Pick<ServerConfig, 'logLevel' | 'logSync'>) {
  return { level: config.logLevel, stream: logDestination({ sync: config.logSync }) };
}
