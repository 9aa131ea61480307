import { readFileSync } from 'node:fs';

/**
 * CPU time (ms, user + system) of the calling thread, or undefined off Linux: Node 20 has no
 * per-thread CPU clock and process.cpuUsage() counts every thread. Read from
 * /proc/thread-self/stat, whose fields 14 and 15 count clock ticks (USER_HZ, 100 on Linux).
 */
export function threadCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    // The name (field 2, in parentheses) may hold spaces; field 3 is the first after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined;
  } catch {
    return undefined;
  }
}
