import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { ProfileMessages } from "../../../shared/schemas/profile.ts";
import { AppError } from "../../lib/errors.ts";
import { assertImageSize, MAX_IMAGE_PIXELS } from "../../lib/files/upload-guards.ts";

const IMAGE_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);
export const AVATAR_SIZE = 256;

/**
 * Checks that the bytes are an image (by content: a renamed PDF is refused whatever its name)
 * and makes the stored avatar: a 256 px square WebP, without the original's metadata.
 */
export async function makeAvatar(data: Buffer): Promise<Buffer> {
  let format: string | undefined;
  try {
    format = (await sharp(data).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !IMAGE_FORMATS.has(format)) {
    throw new AppError(415, "UNSUPPORTED_MEDIA_TYPE", ProfileMessages.avatarType);
  }
  // 2 MB can hold a 256-megapixel image: decoded by libvips, it is gigabytes (issue 28).
  await assertImageSize(data, format === "jpeg" ? "jpg" : format);
  return sharp(data, { animated: false, limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: "cover" })
    .webp({ quality: 82 })
    .toBuffer();
}

export const avatarKey = (userId: string) =>
  `avatars/${userId.replace(/[^A-Za-z0-9_-]/g, "")}/${randomBytes(8).toString("hex")}.webp`;
