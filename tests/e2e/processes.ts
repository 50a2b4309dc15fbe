import fs from 'node:fs';

/** One process as /proc shows it: parent, state letter and CPU time (user + system, clock ticks). */
export interface ProcessStat {
  ppid: number;
  state: string;
  cpuTicks: number;
}

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
export const TICKS_PER_SECOND = 100;

/** Every live process of this machine by id, read from /proc/<pid>/stat (one pass). */
export function readProcesses(): Map<number, ProcessStat> {
  const processes = new Map<number, ProcessStat>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state ppid … utime(12) stime(13).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      processes.set(Number(entry), {
        state: fields[0]!,
        ppid: Number(fields[1]),
        cpuTicks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // The process ended while /proc was read.
    }
  }
  return processes;
}

/** The ids of `pid`'s children that are not zombies. */
export function childrenOf(pid: number, processes = readProcesses()): number[] {
  return [...processes].filter(([, stat]) => stat.ppid === pid && stat.state !== 'Z').map(([child]) => child);
}

/** CPU time (user + system, ms) used so far by `pid` and its live descendants. */
export function processTreeCpuMs(pid: number): number {
  const processes = readProcesses();
  let ticks = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop()!;
    ticks += processes.get(current)?.cpuTicks ?? 0;
    pending.push(...childrenOf(current, processes));
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}
