import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The CPU time (µs) the bench's embedded PostgreSQL has used so far: the postmaster and every
 * process it started (the pool's backends among them), read from Linux's /proc. With the
 * server's own CPU per request, it tells where a scenario's cost is when the machine is shared
 * (decision 038: the list was bounded by PostgreSQL, not by Node). Null where it cannot be read
 * (an external server through TEST_DATABASE_URL, or no /proc).
 */
export function postgresCpuReader(dataDir: string | null): (() => number) | null {
  if (!dataDir || !existsSync("/proc/self/stat")) return null;
  const ticks = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  return () => {
    const postmaster = Number(
      readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0],
    );
    let total = 0;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      const stat = readStat(entry);
      // Fields after the command's closing parenthesis: state, ppid ... utime (14th), stime (15th).
      if (!stat || (Number(entry) !== postmaster && stat[1] !== String(postmaster))) continue;
      total += Number(stat[11]) + Number(stat[12]);
    }
    return Math.round((total / ticks) * 1e6);
  };
}

function readStat(pid: string): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null; // the process ended meanwhile
  }
}
