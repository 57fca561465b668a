/** Whether a process is busy, from the CPU time Linux's /proc counts for all its threads. */
import * as fs from 'node:fs';

/** The CPU time a process has used, in clock ticks; undefined once it is gone. */
export function cpuTicks(pid: number): number | undefined {
  try {
    // The fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()!.split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * The CPU time the process's main thread (its JavaScript thread) has run, in nanoseconds, from the
 * scheduler's own count (/proc/PID/task/PID/schedstat): unlike wall time, hardly moved by other
 * processes taking the machine's cores. Undefined once it is gone.
 */
export function mainThreadCpuNs(pid: number): number | undefined {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]);
  } catch {
    return undefined;
  }
}

/**
 * Resolves once the process has used no CPU for `quietMs` (polled every 20 ms), with whether it did
 * before `timeoutMs` (false also when the process is gone).
 */
export async function untilIdle(pid: number, quietMs: number, timeoutMs: number): Promise<boolean> {
  const started = performance.now();
  let ticks = cpuTicks(pid);
  let quietSince = started;
  while (performance.now() - started < timeoutMs) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = cpuTicks(pid);
    if (now === undefined) return false;
    if (now !== ticks) [ticks, quietSince] = [now, performance.now()];
    else if (performance.now() - quietSince >= quietMs) return true;
  }
  return false;
}
