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

/**
 * Whether process `pid` (or one of its live descendants) holds the TCP connection whose local
 * port on this machine is `localPort` (read from /proc/net/tcp and /proc/<pid>/fd).
 */
export function holdsConnection(pid: number, localPort: number): boolean {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const lines = fs.existsSync(table) ? fs.readFileSync(table, 'utf8').split('\n').slice(1) : [];
    for (const line of lines) {
      const fields = line.trim().split(/\s+/);
      const port = Number.parseInt(fields[1]?.split(':')[1] ?? '', 16);
      if (port === localPort && fields[9]) inodes.add(fields[9]);
    }
  }
  const processes = readProcesses();
  const pending = [pid];
  while (pending.length > 0) {
    const current = pending.pop()!;
    try {
      for (const fd of fs.readdirSync(`/proc/${current}/fd`)) {
        const target = fs.readlinkSync(`/proc/${current}/fd/${fd}`);
        if (inodes.has(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? '')) return true;
      }
    } catch {
      // The process ended, or a descriptor closed while it was read.
    }
    pending.push(...childrenOf(current, processes));
  }
  return false;
}
