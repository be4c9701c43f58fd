import { readFile, writeFile } from 'node:fs/promises';

/** A process's resident memory and its peak (VmRSS, VmHWM), in MB, from Linux's /proc. */
export async function processMemory(pid: number): Promise<{ rssMb: number; peakMb: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) / 1024;
  return { rssMb: mb('VmRSS'), peakMb: mb('VmHWM') };
}

/** Resets the process's peak (VmHWM) to its current RSS, so the next peak read is what came after. */
export async function resetPeakMemory(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5');
}
