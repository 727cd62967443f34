import path from "node:path";
import type { Env } from "../../env.ts";
import { s3Storage } from "./s3.ts";
import { diskStorage, type Storage } from "./storage.ts";

type StorageEnv = Pick<
  Env,
  | "DATA_DIR"
  | "STORAGE_DRIVER"
  | "S3_ENDPOINT"
  | "S3_BUCKET"
  | "S3_REGION"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
>;

/** The storage driver the configuration asks for: disk (DATA_DIR/files, the default) or S3. */
export function storageFromEnv(env: StorageEnv): Storage {
  if (env.STORAGE_DRIVER === "s3") {
    if (!env.S3_BUCKET || !env.S3_ACCESS_KEY_ID || !env.S3_SECRET_ACCESS_KEY) {
      throw new Error(
        "STORAGE_DRIVER=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY",
      );
    }
    return s3Storage({
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    });
  }
  return diskStorage(path.join(env.DATA_DIR, "files"));
}
