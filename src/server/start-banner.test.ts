import { describe, expect, it } from "vitest";
import { startBanner } from "./start-banner.ts";

describe("startBanner", () => {
  it("opens with the address, then the demo sign-ins", () => {
    const text = startBanner({
      APP_URL: "http://localhost:3000",
      SEED_DEMO: true,
      SMTP_URL: undefined,
    });
    const lines = text.split("\n");
    expect(lines[0]).toBe("UnionHall is running on http://localhost:3000");
    expect(text).toMatch(/admin\s+admin@demolocal101\.example\s+DemoAdmin101/);
    expect(text).toContain("http://localhost:3000/dev/mailbox");
  });

  it("says where backups go: DATA_DIR/backups, the bucket, or the provider's tools", () => {
    const base = { APP_URL: "http://localhost:3000", SEED_DEMO: false, SMTP_URL: "smtp://x" };
    expect(startBanner({ ...base, DATA_DIR: "/srv/hall", STORAGE_DRIVER: "disk" })).toContain(
      "Backups: daily into /srv/hall/backups",
    );
    expect(
      startBanner({ ...base, DATA_DIR: "/srv/hall", STORAGE_DRIVER: "s3", S3_BUCKET: "hall" }),
    ).toContain("Backups: daily into the S3 bucket hall, under backups/");
    expect(
      startBanner({ ...base, DATA_DIR: "/srv/hall", DATABASE_URL: "postgres://db/hall" }),
    ).toContain("provider's tools");
  });

  it("names no sign-ins without the demo data, and no mailbox with SMTP", () => {
    const text = startBanner({
      APP_URL: "https://hall.example",
      SEED_DEMO: false,
      SMTP_URL: "smtp://x",
    });
    expect(text).not.toContain("Demo");
    expect(text).not.toContain("mailbox");
  });
});
