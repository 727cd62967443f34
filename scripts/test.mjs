#!/usr/bin/env node
// `npm test`: every check a delivery must pass, as one command whose exit code fails when any
// step fails. Lint, type check and build run beside Vitest (they are short and mostly fill the
// cores while Vitest starts its database); the browser tests run after Vitest, not beside it:
// both suites keep the two cores busy, and at once they took longer than one after the other
// (docs/decisions/023, 2026-11-26 evening). Vitest's last group, the measurements that need the
// machine to themselves (vitest.config.ts), thus runs with nothing else. Each line of output is
// prefixed with its step's name; a summary of the steps and their times ends the run.
import { spawn } from "node:child_process";
import path from "node:path";

const bin = (name) => path.join("node_modules", ".bin", name);

/** name -> [command, args, steps whose success it needs, steps it only waits for] */
const STEPS = {
  lint: [bin("biome"), ["check", "."], []],
  typecheck: ["npm", ["run", "--silent", "typecheck"], []],
  build: ["npm", ["run", "--silent", "build"], []],
  vitest: [bin("vitest"), ["run"], []],
  e2e: [bin("playwright"), ["test"], ["build"], ["vitest"]],
};

const started = performance.now();
const results = new Map();

function prefixLines(name, stream, out) {
  let rest = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) out.write(`[${name}] ${line}\n`);
  });
  stream.on("end", () => rest && out.write(`[${name}] ${rest}\n`));
}

function run(name) {
  const [command, args] = STEPS[name];
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: process.env });
    prefixLines(name, child.stdout, process.stdout);
    prefixLines(name, child.stderr, process.stderr);
    const done = (code) => {
      results.set(name, { ok: code === 0, code, seconds: (performance.now() - t0) / 1000 });
      resolve(code === 0);
    };
    child.on("error", (err) => {
      process.stderr.write(`[${name}] could not start: ${err.message}\n`);
      done(-1);
    });
    child.on("close", (code, signal) => done(signal ? -1 : code));
  });
}

const pending = new Map();
function schedule(name) {
  if (!pending.has(name)) {
    const [, , needs, after = []] = STEPS[name];
    pending.set(
      name,
      Promise.all([...needs.map(schedule), ...after.map(schedule)]).then((all) => {
        const oks = all.slice(0, needs.length);
        if (oks.every(Boolean)) return run(name);
        results.set(name, { ok: false, code: null, seconds: 0 });
        process.stderr.write(`[${name}] not run: a step it needs failed\n`);
        return false;
      }),
    );
  }
  return pending.get(name);
}

await Promise.all(Object.keys(STEPS).map(schedule));

const total = (performance.now() - started) / 1000;
process.stdout.write("\nnpm test:\n");
for (const name of Object.keys(STEPS)) {
  const r = results.get(name);
  const status = r.ok ? "passed" : r.code === null ? "not run" : `FAILED (exit ${r.code})`;
  process.stdout.write(`  ${name.padEnd(13)} ${r.seconds.toFixed(1).padStart(6)} s  ${status}\n`);
}
const failed = [...results.values()].some((r) => !r.ok);
process.stdout.write(
  `  ${"total".padEnd(13)} ${total.toFixed(1).padStart(6)} s  ${failed ? "FAILED" : "passed"}\n`,
);
process.exit(failed ? 1 : 0);
