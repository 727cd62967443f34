import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AVATAR_SIZE, makeAvatar } from "./avatar.ts";

describe("makeAvatar", () => {
  it("turns any supported image into a square WebP", async () => {
    const png = await sharp({
      create: { width: 640, height: 480, channels: 3, background: "#1d4ed8" },
    })
      .png()
      .toBuffer();
    const out = await makeAvatar(png);
    const meta = await sharp(out).metadata();
    expect(meta).toMatchObject({ format: "webp", width: AVATAR_SIZE, height: AVATAR_SIZE });
  });

  it("refuses bytes that are not an image with 415, whatever the name", async () => {
    await expect(
      makeAvatar(Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n")),
    ).rejects.toMatchObject({ statusCode: 415 });
    await expect(makeAvatar(Buffer.alloc(0))).rejects.toMatchObject({ statusCode: 415 });
  });
});
