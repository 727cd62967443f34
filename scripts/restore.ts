/**
 * `npm run restore -- PATH`: unpacks a backup made by `npm run backup` into DATA_DIR, which must
 * be empty or absent. Then `npm start` with the same DATA_DIR serves the restored data.
 */
import path from "node:path";
import { RestoreError, restoreBackup } from "../src/server/lib/backup/restore.ts";

const file = process.argv[2];
if (!file || file.startsWith("-")) {
  console.error("Usage: DATA_DIR=/empty/folder npm run restore -- PATH/TO/unionhall-backup.zip");
  process.exit(1);
}
const dataDir = path.resolve(process.env.DATA_DIR || "./data");
try {
  const manifest = await restoreBackup(path.resolve(file), dataDir);
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.mode}, ${manifest.files} stored files) into ${dataDir}.`,
  );
  console.log(
    `Start the server on it with: DATA_DIR=${dataDir} npm start   (its first start replays the database's log: a few seconds more)`,
  );
} catch (error) {
  console.error(error instanceof RestoreError ? error.message : `The restore failed: ${error}`);
  process.exit(1);
}
