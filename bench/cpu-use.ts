// CPU time spent by the processes of a benchmark over a stretch of it, from Linux's /proc: the
// app's process, the load generator (this process) and every PostgreSQL process. On a machine
// where all three share the cores, it tells which of them a latency figure is waiting for.
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICK_MS = 10;

/** User + system CPU of one process in ms, or 0 once it is gone. */
function cpuOf(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after its closing ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

const commandOf = (pid: string) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
};

/** Every PostgreSQL process's CPU by pid (backends come and go; each is counted while it lives). */
function postgresCpu(): Map<string, number> {
  const byPid = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name)))
    if (/^postgres|^postmaster/.test(commandOf(pid))) byPid.set(pid, cpuOf(pid));
  return byPid;
}

export interface CpuUse {
  appMs: number;
  loadGeneratorMs: number;
  postgresMs: number;
}

/** Starts counting; the returned function gives the CPU used since (null without /proc). */
export function countCpu(appPid: number | undefined): () => CpuUse | null {
  const available = appPid !== undefined && cpuOf(appPid) > 0;
  if (!available) return () => null;
  const app = cpuOf(appPid);
  const self = process.cpuUsage();
  const pg = postgresCpu();
  return () => {
    let postgresMs = 0;
    for (const [pid, ms] of postgresCpu()) postgresMs += ms - (pg.get(pid) ?? 0);
    const used = process.cpuUsage(self);
    return {
      appMs: cpuOf(appPid) - app,
      loadGeneratorMs: (used.user + used.system) / 1000,
      postgresMs,
    };
  };
}
