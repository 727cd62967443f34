import sharp from "sharp";
import type { DB } from "../../db/connection.ts";
import { withTenant } from "../../db/tenant.ts";
import { AppError } from "../errors.ts";
import { countHit } from "../hit-counter.ts";

/** As for avatars: a small file can decode to gigabytes in every viewer's browser. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** Uploads (documents and attachments) per person and window, counted in the database. */
export const UPLOAD_LIMIT = { max: 30, windowSeconds: 600 };
export const DEFAULT_STORAGE_QUOTA_MB = 5120;

export const UploadMessages = {
  tooManyPixels: "Images can have at most 50 megapixels. Please send a smaller image.",
  quota: "Your organization has used all of its file storage. Delete old files to make room.",
  rate: "Too many uploads in a short time. Please wait a few minutes and try again.",
} as const;

const IMAGE_TYPES = new Set(["png", "jpg", "gif", "webp"]);

/** Reads the image header only (no decoding) and refuses an image of too many pixels. */
export async function assertImageSize(data: Buffer, fileType: string): Promise<void> {
  if (!IMAGE_TYPES.has(fileType)) return;
  const meta = await sharp(data, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  const pixels = (meta?.width ?? 0) * (meta?.height ?? 0) * Math.max(1, meta?.pages ?? 1);
  if (!meta || pixels > MAX_IMAGE_PIXELS) {
    throw new AppError(413, "PAYLOAD_TOO_LARGE", UploadMessages.tooManyPixels);
  }
}

/** The organization's stored documents and attachments, plus `adding`, must fit its quota. */
export async function assertStorageLeft(
  db: DB,
  organizationId: string,
  adding: number,
  quotaMb = DEFAULT_STORAGE_QUOTA_MB,
): Promise<void> {
  const used = await withTenant(db, organizationId, async (trx) => {
    const docs = await trx
      .selectFrom("documents")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("size"), eb.lit(0)).as("total"))
      .where("organizationId", "=", organizationId)
      .executeTakeFirst();
    const files = await trx
      .selectFrom("grievanceAttachments")
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("size"), eb.lit(0)).as("total"))
      .where("organizationId", "=", organizationId)
      .executeTakeFirst();
    return Number(docs?.total ?? 0) + Number(files?.total ?? 0);
  });
  if (used + adding > quotaMb * 1024 * 1024) {
    throw new AppError(413, "PAYLOAD_TOO_LARGE", UploadMessages.quota);
  }
}

/** Counts this upload against the person's window (before the body is read). */
export async function assertUploadRate(db: DB, userId: string): Promise<void> {
  const hits = await countHit(db, "upload", userId, UPLOAD_LIMIT);
  if (hits > UPLOAD_LIMIT.max) throw new AppError(429, "RATE_LIMITED", UploadMessages.rate);
}
