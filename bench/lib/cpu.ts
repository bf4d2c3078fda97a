import { readFileSync } from "node:fs";

/**
 * CPU seconds (user + system) a process has used, from /proc (Linux; null elsewhere). With other work on the
 * machine a rate alone says little: the CPU a process spends per request says what a free core would do.
 */
export function cpuSecondsOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime, fields 14 and 15 of proc(5), in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}
