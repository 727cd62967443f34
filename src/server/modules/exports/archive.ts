import { Readable } from "node:stream";
import { type Kysely, sql } from "kysely";
import type yazl from "yazl";
import type { DB } from "../../db/connection.ts";
import type { Database } from "../../db/schema.ts";
import { withTenant } from "../../db/tenant.ts";
import type { Language } from "../../lib/i18n/index.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import type { WorkerPool } from "../../lib/workers/pool.ts";
import type { Tenant } from "../../plugins/access.ts";
import { caseFilePdf, csvRow } from "../grievances/index.ts";
import { EXPORTED_TABLES, MEMBER_COLUMNS, NOT_EXPORTED } from "./tables.ts";

/** Rows read from PostgreSQL at a time (a cursor), so no table is ever held whole. */
const BATCH = 500;
type DbLike = Kysely<Database>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface ArchiveInput {
  db: DB;
  storage: Storage;
  caseFiles: WorkerPool;
  /** The admin who asked: the case files are built as they would read them. */
  tenant: Tenant;
  language: Language;
  at: Date;
  /** How far along it is: entries written of entries planned. */
  onProgress(done: number, total: number): void;
}

export interface ArchiveManifest {
  organizationId: string;
  createdAt: string;
  /** Rows per table (and members), as written to records/. */
  rows: Record<string, number>;
  files: number;
  caseFiles: number;
  notExported: Record<string, string>;
  /** Stored files that were gone and case files that could not be built. */
  problems: string[];
}

interface StoredFile {
  entry: string;
  key: string;
}

type AddLazy = (
  name: string,
  compress: boolean,
  make: () => AsyncIterable<Uint8Array | string>,
) => Promise<void>;

/**
 * Each exported table (and the members) as JSON and CSV, read in batches from cursors of the
 * snapshot `trx` when yazl reaches the entry; answers when the last entry is written.
 */
async function addRecords(
  trx: DbLike,
  org: string,
  manifest: ArchiveManifest,
  addLazy: AddLazy,
): Promise<void> {
  let cursorNumber = 0;
  const read = (query: string, columns: readonly string[], omit: readonly string[]) => {
    cursorNumber += 1;
    return batches(trx, `export_${cursorNumber}`, query, columns, omit);
  };
  const tables = [
    ...EXPORTED_TABLES.map((t) => ({
      name: t.table,
      query: `SELECT * FROM ${t.table} WHERE organization_id = '${org}'`,
      omit: t.omit ?? [],
    })),
    {
      name: "members",
      query: `SELECT u.id AS user_id, u.name, u.email, u.language, m.role, m.created_at AS joined_at
                FROM memberships m JOIN users u ON u.id = m.user_id
               WHERE m.organization_id = '${org}' ORDER BY u.name, u.id`,
      omit: [],
    },
  ];
  let last: Promise<void> = Promise.resolve();
  for (const table of tables) {
    const columns = table.name === "members" ? MEMBER_COLUMNS : await columnsOf(trx, table.name);
    const kept = columns.filter((c) => !table.omit.includes(c));
    addLazy(`records/${table.name}.json`, true, async function* () {
      let count = 0;
      yield "[";
      for await (const rows of read(table.query, kept, table.omit)) {
        for (const row of rows) {
          yield `${count === 0 ? "\n" : ",\n"}${JSON.stringify(row)}`;
          count += 1;
        }
      }
      yield count === 0 ? "]\n" : "\n]\n";
      manifest.rows[table.name] = count;
    });
    last = addLazy(`records/${table.name}.csv`, true, async function* () {
      yield `\uFEFF${csvRow([...kept])}`;
      for await (const rows of read(table.query, kept, table.omit)) {
        yield rows.map((row) => csvRow(kept.map((c) => csvValue(row[c])))).join("");
      }
    });
  }
  return last;
}

/** One grievance's case file as the archive's entry; one that cannot be built is named. */
async function* caseFileEntry(
  input: ArchiveInput,
  id: string,
  manifest: ArchiveManifest,
): AsyncGenerator<Uint8Array> {
  let started = false;
  try {
    for await (const chunk of caseFilePdf({
      db: input.db,
      storage: input.storage,
      caseFiles: input.caseFiles,
      tenant: input.tenant,
      grievanceId: id,
      at: input.at,
      language: input.language,
    })) {
      started = true;
      yield chunk;
    }
    manifest.caseFiles += 1;
  } catch (error) {
    // Before its first byte (a stored attachment gone), the entry stays empty and says so
    // in the manifest; after it, the archive cannot be trusted and the export fails.
    if (started) throw error;
    manifest.problems.push(
      `case-files/${id}.pdf: not built (${error instanceof Error ? error.message : error})`,
    );
  }
}

/**
 * Writes the organization's whole record into `zip` and ends it: records/ (every exported
 * table as JSON and CSV, read through cursors in one snapshot), files/ (every stored file,
 * streamed from storage one at a time), case-files/ (each grievance's PDF) and manifest.json.
 * Entries are added lazily: yazl asks for each stream when its turn comes, so at any moment
 * one table batch, one file stream or one case file is in memory.
 */
export async function fillArchive(
  zip: yazl.ZipFile,
  input: ArchiveInput,
  aborted: Promise<never>,
): Promise<ArchiveManifest> {
  const org = input.tenant.organizationId;
  if (!UUID.test(org)) throw new Error(`not an organization id: ${org}`);
  const manifest: ArchiveManifest = {
    organizationId: org,
    createdAt: input.at.toISOString(),
    rows: {},
    files: 0,
    caseFiles: 0,
    notExported: { ...NOT_EXPORTED },
    problems: [],
  };
  let done = 0;
  let total = 0;
  const finished = () => {
    done += 1;
    input.onProgress(done, total);
  };
  const mtime = input.at;
  // yazl pipes each entry's stream without passing its error on (an unhandled 'error' would
  // end the process): any failure ends the output instead, and with it the upload.
  const output = zip.outputStream as unknown as Readable;
  const fail = (error: unknown) =>
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  zip.on("error", fail);

  /** Adds an entry whose bytes come from `make` when yazl reaches it. */
  const addLazy = (
    name: string,
    compress: boolean,
    make: () => AsyncIterable<Uint8Array | string>,
  ) => {
    total += 1;
    let resolveEnd!: () => void;
    const ended = new Promise<void>((resolve) => {
      resolveEnd = resolve;
    });
    zip.addReadStreamLazy(name, { mtime, compress }, (callback) => {
      const stream = Readable.from(make(), { objectMode: false });
      stream.once("error", fail);
      stream.once("end", () => {
        finished();
        resolveEnd();
      });
      callback(null, stream);
    });
    return ended;
  };

  // 1. The records, in one REPEATABLE READ snapshot held only until the last table is read.
  let files: StoredFile[] = [];
  let grievanceIds: string[] = [];
  await Promise.race([
    aborted,
    input.db
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute((outer) =>
        withTenant(outer, org, async (bound) => {
          const trx = bound.withoutPlugins();
          const organization = await sql<Record<string, unknown>>`
            SELECT * FROM organizations WHERE id = ${org}`.execute(trx);
          zip.addBuffer(
            Buffer.from(JSON.stringify(organization.rows[0] ?? null, null, 2)),
            "records/organization.json",
            { mtime },
          );
          files = await storedFiles(trx, org);
          grievanceIds = (
            await sql<{ id: string }>`
              SELECT id FROM grievances WHERE organization_id = ${org} ORDER BY filed_at, id`.execute(
              trx,
            )
          ).rows.map((r) => r.id);
          const last = addRecords(trx, org, manifest, addLazy);
          // Everything above is read inside this transaction: hold it until the last entry.
          await Promise.race([last, aborted]);
        }),
      ),
  ]);

  // 2. The stored files, byte for byte, stored as they are (most are compressed already).
  for (const file of files) {
    addLazy(file.entry, false, async function* () {
      const stored = await input.storage.get(file.key);
      if (!stored) {
        manifest.problems.push(`${file.entry}: the stored file is missing`);
        return;
      }
      yield* stored.stream;
      manifest.files += 1;
    });
  }

  // 3. Each grievance's case file, built when its turn comes.
  for (const id of grievanceIds)
    addLazy(`case-files/${id}.pdf`, false, () => caseFileEntry(input, id, manifest));

  // 4. The manifest, last: it counts what was written.
  const manifestDone = addLazy("manifest.json", true, async function* () {
    yield JSON.stringify(manifest, null, 2);
  });
  zip.end();
  await Promise.race([manifestDone, aborted]);
  return manifest;
}

/** The table's columns in their order (a CSV header even for a table with no rows). */
async function columnsOf(trx: DbLike, table: string): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`
    SELECT column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = ${table} ORDER BY ordinal_position`.execute(
    trx,
  );
  return rows.map((r) => r.column_name);
}

/** Rows of `query` through a cursor, BATCH at a time, with `omit` columns taken out. */
async function* batches(
  trx: DbLike,
  cursor: string,
  query: string,
  columns: readonly string[],
  omit: readonly string[],
): AsyncGenerator<Record<string, unknown>[]> {
  await sql`DECLARE ${sql.raw(cursor)} NO SCROLL CURSOR FOR ${sql.raw(query)}`.execute(trx);
  try {
    for (;;) {
      const { rows } = await sql<Record<string, unknown>>`
        FETCH ${sql.raw(String(BATCH))} FROM ${sql.raw(cursor)}`.execute(trx);
      if (rows.length === 0) return;
      yield omit.length === 0
        ? rows
        : rows.map((row) => Object.fromEntries(columns.map((c) => [c, row[c]])));
    }
  } finally {
    await sql`CLOSE ${sql.raw(cursor)}`.execute(trx);
  }
}

function csvValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/** A file name safe in any unzip tool: letters, digits, dot, dash and underscore. */
function safeName(name: string): string {
  const cleaned = name
    .normalize("NFKD")
    .replace(/[^\w.-]+/g, "_")
    .replace(/^[._]+/, "")
    .slice(0, 120);
  return cleaned || "file";
}

/** Every stored file of the organization and its place in the ZIP. */
async function storedFiles(trx: DbLike, org: string): Promise<StoredFile[]> {
  const { rows } = await sql<{ entry: string; key: string }>`
    SELECT 'files/documents/' || id || '-' || name || CASE WHEN lower(name) LIKE '%.' || file_type
             THEN '' ELSE '.' || file_type END AS entry, storage_key AS key
      FROM documents WHERE organization_id = ${org}
    UNION ALL
    SELECT 'files/grievances/' || grievance_id || '/' || id || '-' || name, storage_key
      FROM grievance_attachments WHERE organization_id = ${org}
    UNION ALL
    SELECT 'files/served/' || grievance_id || '/' || id || '.pdf', document_key
      FROM employer_services WHERE organization_id = ${org}
    UNION ALL
    SELECT 'files/information-requests/' || request_id || '/' || id || '-' || name, storage_key
      FROM information_request_files WHERE organization_id = ${org}
    ORDER BY 1`.execute(trx);
  return rows.map((r) => {
    const slash = r.entry.lastIndexOf("/");
    return {
      entry: `${r.entry.slice(0, slash + 1)}${safeName(r.entry.slice(slash + 1))}`,
      key: r.key,
    };
  });
}
