import { readdirSync, readFileSync } from 'node:fs';

// Where the shared cores go, from Linux's /proc: ticks (1/100 s) of user + system time of a process, and
// of every PostgreSQL process (backends already gone counted through the postmaster's children's times).
// Used by bench/server-transfers.ts and bench/scale-out.ts.

export const TICK_MS = 10;

export function ticksOf(pid: number | 'self', children = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const v = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // after "pid (comm) ": state=0 ... utime=11 stime=12 cutime=13 cstime=14
    return v[11]! + v[12]! + (children ? v[13]! + v[14]! : 0);
  } catch {
    return 0;
  }
}

/** Every process whose command is `comm` (postgres, haproxy, pgbouncer), children's times included. */
export function ticksOfCommand(comm: string): number {
  let sum = 0;
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      if (readFileSync(`/proc/${d}/comm`, 'utf8').trim() === comm) sum += ticksOf(Number(d), true);
    } catch {
      // gone meanwhile
    }
  }
  return sum;
}

export const postgresTicks = () => ticksOfCommand('postgres');
