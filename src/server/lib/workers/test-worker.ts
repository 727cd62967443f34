import { serveTasks } from "./serve-tasks.ts";

/** A worker for pool.test.ts: answers, waits, loops, fills its heap, throws or exits on demand. */
export type TestTask =
  | { kind: "echo"; value: string }
  | { kind: "busy"; ms: number; value: string }
  | { kind: "hog" }
  | { kind: "throw" }
  | { kind: "exit" };

serveTasks(async (task: TestTask) => {
  switch (task.kind) {
    case "echo":
      return { result: task.value };
    case "busy": {
      // Holds the worker's thread as a heavy parse would.
      const until = Date.now() + task.ms;
      while (Date.now() < until);
      return { result: task.value };
    }
    case "hog": {
      const kept: number[][] = [];
      for (;;) kept.push(new Array(1_000_000).fill(1.5));
    }
    case "throw":
      throw new Error("the task failed");
    case "exit":
      process.exit(1);
  }
});
