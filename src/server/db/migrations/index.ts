import type { Migration } from "kysely";
import * as m0001 from "./0001_foundation.ts";

/** Forward-only: append new migrations, never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  "0001_foundation": m0001,
};
