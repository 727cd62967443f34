import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { sql } from "kysely";
import type { Logger } from "pino";
import yazl from "yazl";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { asLanguage } from "../../lib/i18n/index.ts";
import { enqueueMail } from "../../lib/mail/outbox.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import { getOrganization } from "../../lib/tenancy/organization.ts";
import type { WorkerPool } from "../../lib/workers/pool.ts";
import { fillArchive } from "./archive.ts";
import { exportReadyMail } from "./mail.ts";

/** How long a ready export can be downloaded (then its file is deleted). */
export const EXPORT_LINK_DAYS = 7;
/** A running export renews its lease as it reports progress; a crashed one is taken up again after. */
const LEASE_SECONDS = 120;
/** Tries before an export that keeps crashing its instance is given up. */
const MAX_ATTEMPTS = 3;

export interface ExportDeps {
  db: DB;
  storage: Storage;
  /** The case-file workers (the grievances module's caseFilePool). */
  caseFiles: WorkerPool;
  appUrl: string;
  log: Logger;
  now?: () => Date;
}

/** The page that lists the organization's exports (the mail links to it). */
export const exportsPageUrl = (appUrl: string) => `${appUrl}/organization-setup?tab=data`;

const running = new WeakMap<DB, { again: boolean; done: Promise<number> }>();

/**
 * Runs every export waiting, one after another, in this instance; answers how many it ran.
 * Called when an admin asks for one and by the scheduler (which takes up an export whose
 * instance stopped). A call while this instance is already at it asks it to look once more.
 */
export function runWaitingExports(deps: ExportDeps): Promise<number> {
  const current = running.get(deps.db);
  if (current) {
    current.again = true;
    return current.done;
  }
  const state = { again: false, done: Promise.resolve(0) };
  state.done = (async () => {
    let count = 0;
    try {
      for (;;) {
        state.again = false;
        const { rows } = await sql<{ organizationId: string; id: string }>`
          SELECT * FROM claim_organization_export(${LEASE_SECONDS})`.execute(deps.db);
        const claimed = rows[0];
        if (!claimed) {
          if (state.again) continue;
          return count;
        }
        await runExport(deps, claimed.organizationId, claimed.id);
        count += 1;
      }
    } finally {
      running.delete(deps.db);
    }
  })();
  running.set(deps.db, state);
  return state.done;
}

/** The export's request: who asked, in which language, how many attempts so far. */
function exportRequest(db: ExportDeps["db"], org: string, id: string) {
  return withTenant(db, org, (trx) =>
    trx
      .selectFrom("organizationExports as e")
      .leftJoin("memberships as m", (j) =>
        j
          .onRef("m.organizationId", "=", "e.organizationId")
          .onRef("m.userId", "=", "e.requestedBy"),
      )
      .leftJoin("users as u", "u.id", "e.requestedBy")
      .select([
        "e.requestedBy",
        "e.language",
        "e.attempts",
        "m.role",
        "u.email",
        "u.language as userLanguage",
      ])
      .where("e.organizationId", "=", org)
      .where("e.id", "=", id)
      .executeTakeFirstOrThrow(),
  );
}

/**
 * Saves the export's progress as it goes (never 100 before the file is stored, at most every
 * two seconds), each write renewing the lease; `written()` waits for the last one.
 */
function progressWriter(deps: ExportDeps, org: string, id: string) {
  const { db, log } = deps;
  let reported = 0;
  let lastWrite = 0;
  let writing: Promise<unknown> = Promise.resolve();
  const onProgress = (done: number, total: number) => {
    // Never 100 before the file is stored; written at most every two seconds.
    const percent = Math.min(99, Math.floor((done / Math.max(total, 1)) * 100));
    if (percent === reported || Date.now() - lastWrite < 2000) return;
    reported = percent;
    lastWrite = Date.now();
    writing = writing.then(() =>
      withTenant(db, org, (trx) =>
        trx
          .updateTable("organizationExports")
          .set({
            progress: percent,
            leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
          })
          .where("organizationId", "=", org)
          .where("id", "=", id)
          .where("state", "=", "running")
          .execute(),
      ).catch((error) => log.warn({ err: error, export: id }, "export progress not saved")),
    );
  };
  return { onProgress, written: () => writing };
}

async function runExport(deps: ExportDeps, org: string, id: string): Promise<void> {
  const { db, storage, log } = deps;
  const now = deps.now ?? (() => new Date());
  const row = await exportRequest(db, org, id);
  const fail = (error: string) =>
    withTenant(db, org, (trx) =>
      trx
        .updateTable("organizationExports")
        .set({ state: "failed", error, finishedAt: now(), leaseUntil: null })
        .where("organizationId", "=", org)
        .where("id", "=", id)
        .execute(),
    );
  if (row.role !== "admin" || !row.requestedBy) {
    await fail("The admin who asked for this export is no longer an admin.");
    return;
  }
  if (row.attempts > MAX_ATTEMPTS) {
    await fail("The export stopped several times before it was done.");
    return;
  }
  const key = `exports/${org}/${randomBytes(16).toString("hex")}.zip`;
  const zip = new yazl.ZipFile();
  // yazl's output is a PassThrough (its typings say a bare ReadableStream).
  const output = zip.outputStream as unknown as Readable;
  // Its errors reach us through the upload's promise; a late one must not be an uncaught event.
  output.on("error", () => undefined);
  let abort!: (error: unknown) => void;
  const aborted = new Promise<never>((_, reject) => {
    abort = reject;
  });
  aborted.catch(() => undefined);
  const upload = storage.putStream(key, output, "application/zip");
  upload.catch((error) => abort(error));

  const { onProgress, written } = progressWriter(deps, org, id);

  const language = asLanguage(row.userLanguage ?? row.language);
  const at = now();
  try {
    const manifest = await fillArchive(
      zip,
      {
        db,
        storage,
        caseFiles: deps.caseFiles,
        tenant: {
          organizationId: org,
          userId: row.requestedBy,
          role: "admin",
          requireTwoFactor: false,
        },
        language,
        at,
        onProgress,
      },
      aborted,
    );
    const size = await upload;
    await written();
    const expiresAt = new Date(now().getTime() + EXPORT_LINK_DAYS * 24 * 3600 * 1000);
    const organization = await withTenant(db, org, async (trx) => {
      await trx
        .updateTable("organizationExports")
        .set({
          state: "ready",
          progress: 100,
          storageKey: key,
          size: String(size),
          finishedAt: now(),
          expiresAt,
          leaseUntil: null,
        })
        .where("organizationId", "=", org)
        .where("id", "=", id)
        .execute();
      return getOrganization(trx, org);
    });
    log.info(
      { export: id, organizationId: org, size, problems: manifest.problems.length },
      "export ready",
    );
    if (row.email) {
      await enqueueMail(db, {
        to: row.email,
        ...exportReadyMail({
          organizationName: organization?.name ?? "",
          sizeBytes: size,
          expiresAt: expiresAt.toISOString(),
          url: exportsPageUrl(deps.appUrl),
          language,
        }),
      });
    }
  } catch (error) {
    output.destroy(error instanceof Error ? error : new Error(String(error)));
    await upload.catch(() => undefined);
    await written();
    await storage.delete(key).catch(() => undefined);
    log.error({ err: error, export: id, organizationId: org }, "export failed");
    await fail("The export could not be written. Please try again.");
  }
}

/** Deletes the files of exports past their date; answers how many. */
export async function sweepExpiredExports(
  deps: Pick<ExportDeps, "db" | "storage" | "log">,
): Promise<number> {
  const { rows } = await sql<{ organizationId: string; id: string }>`
    SELECT * FROM expired_organization_exports()`.execute(deps.db);
  for (const { organizationId: org, id } of rows) {
    const key = await withTenant(deps.db, org, async (trx) => {
      const found = await trx
        .updateTable("organizationExports")
        .set({ state: "expired" })
        .where("organizationId", "=", org)
        .where("id", "=", id)
        .where("state", "=", "ready")
        .returning("storageKey")
        .executeTakeFirst();
      return found?.storageKey ?? null;
    });
    if (key) await deps.storage.delete(key);
  }
  return rows.length;
}
