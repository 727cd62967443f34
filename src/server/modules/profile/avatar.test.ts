import { crc32, deflateSync } from "node:zlib";
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

  it("refuses an image of more than 50 megapixels with 413 before decoding it", async () => {
    // A 15,000 x 15,000 PNG header: 225 megapixels (under sharp's own limit of 268), a few bytes on disk.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(15_000, 0);
    header.writeUInt32BE(15_000, 4);
    header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(Buffer.alloc(1024))),
      chunk("IEND", Buffer.alloc(0)),
    ]);
    await expect(makeAvatar(png)).rejects.toMatchObject({ statusCode: 413 });
  });
});
