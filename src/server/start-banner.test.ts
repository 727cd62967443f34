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
