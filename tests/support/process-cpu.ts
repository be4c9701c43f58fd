import { readFileSync } from 'node:fs';

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ) to user space. */
const MS_PER_TICK = 10;

/**
 * CPU time (user + system, all threads) that process `pid` has used so far, in
 * milliseconds, from /proc/PID/stat. Work measured this way does not depend on
 * how busy the machine is, unlike wall-clock time.
 */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [utime, stime] = [Number(fields[11]), Number(fields[12])];
  return (utime + stime) * MS_PER_TICK;
}

/** CPU time (all threads) that this test process spends on `work`, in milliseconds. */
export async function ownCpuMs(work: () => Promise<unknown>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}
