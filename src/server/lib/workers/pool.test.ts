import { afterEach, describe, expect, it } from "vitest";
import { PoolFull, type PoolOptions, WorkerFailed, WorkerPool } from "./pool.ts";
import type { TestTask } from "./test-worker.ts";

const pools: WorkerPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function pool(options: Partial<PoolOptions> = {}) {
  const p = new WorkerPool({
    entry: new URL("./test-worker.ts", import.meta.url),
    workers: 1,
    memoryMb: 64,
    taskTimeoutMs: 5_000,
    perOrganization: 2,
    queuePerOrganization: 1,
    ...options,
  });
  pools.push(p);
  return p;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error("expected the task to fail");
    },
    (error: unknown) => error,
  );

describe("worker pool", () => {
  it("ends a worker that runs over its time, out of memory or exits, and goes on with a new one", async () => {
    const p = pool({ taskTimeoutMs: 3_000 });
    const lease = await p.admit("org-a");
    const run = (task: TestTask) => lease.run<string>(task);
    expect(await run({ kind: "echo", value: "first" })).toBe("first");

    const late = await failure(run({ kind: "busy", ms: 60_000, value: "never" }));
    expect(late).toBeInstanceOf(WorkerFailed);
    expect((late as WorkerFailed).reason).toBe("timeout");
    expect(await run({ kind: "echo", value: "after the timeout" })).toBe("after the timeout");

    const hog = await failure(run({ kind: "hog" }));
    expect((hog as WorkerFailed).reason, (hog as Error).message).toBe("memory");
    expect(await run({ kind: "echo", value: "after the memory" })).toBe("after the memory");

    const exit = await failure(run({ kind: "exit" }));
    expect((exit as WorkerFailed).reason).toBe("crashed");

    // An error thrown by the task is its answer: the worker stays.
    const thrown = await failure(run({ kind: "throw" }));
    expect((thrown as WorkerFailed).reason).toBe("error");
    expect((thrown as WorkerFailed).message).toBe("the task failed");
    expect(p.size).toBe(1);
    expect(await run({ kind: "echo", value: "last" })).toBe("last");
    lease.release();
  }, 60_000);

  it("admits two jobs of an organization at once and one waiting; the next is refused", async () => {
    const p = pool();
    const first = await p.admit("org-a");
    const second = await p.admit("org-a");
    let thirdIn = false;
    const third = p.admit("org-a").then((lease) => {
      thirdIn = true;
      return lease;
    });
    await expect(p.admit("org-a")).rejects.toBeInstanceOf(PoolFull);
    // Another organization has its own count.
    const other = await p.admit("org-b");
    await new Promise((r) => setTimeout(r, 20));
    expect(thirdIn).toBe(false);
    first.release();
    first.release(); // twice is once
    (await third).release();
    expect(thirdIn).toBe(true);
    second.release();
    other.release();
    // Everything released: the organization starts again from nothing.
    const again = [await p.admit("org-a"), await p.admit("org-a")];
    for (const l of again) l.release();
  });

  it("takes waiting tasks one organization after another", async () => {
    const p = pool();
    const a = await p.admit("org-a");
    const b = await p.admit("org-b");
    const done: string[] = [];
    const task = (lease: typeof a, value: string) =>
      lease.run<string>({ kind: "busy", ms: 100, value } satisfies TestTask).then((v) => {
        done.push(v);
      });
    // org-a asks three times before org-b asks once: org-b's task runs second, not fourth.
    const all = [task(a, "a1"), task(a, "a2"), task(a, "a3"), task(b, "b1")];
    await Promise.all(all);
    expect(done).toEqual(["a1", "b1", "a2", "a3"]);
    a.release();
    b.release();
  });
});
