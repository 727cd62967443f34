import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildServer } from "../../scripts/build/server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The compiled server (as `npm start` runs it), for the tests that start it as a process. */
    serverBundle: string;
  }
}

/** Once per test run: the server built the way it ships (about a second with esbuild). */
export default async function setup(project: TestProject) {
  project.provide("serverBundle", await buildServer(path.resolve("dist/test-server/main.js")));
}
