import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { AuthMessages } from "../../src/shared/schemas/auth.ts";
import { ProfileMessages } from "../../src/shared/schemas/profile.ts";
import { createOrganization } from "../support/tenants.ts";
import { startTestApp, type TestApp, type TestClient } from "../support/test-app.ts";
import { totp, totpFromUri } from "../support/totp.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function upload(client: TestClient, body: Buffer, filename: string, type: string) {
  const boundary = "----unionhall-test";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return client.raw({
    method: "POST",
    url: "/api/profile/avatar",
    payload,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  });
}

describe("profile", () => {
  it("saves name and details; empty details become null", async () => {
    const org = await createOrganization(t, "Profile Local");
    const res = await org.member.client.request("PATCH", "/api/profile", {
      name: "  New Name ",
      badgeNumber: "B-9",
      department: "",
      facility: "   ",
    });
    expect(res.statusCode).toBe(204);
    const me = (await org.member.client.get("/api/me")).json();
    expect(me.user).toMatchObject({
      name: "New Name",
      badgeNumber: "B-9",
      department: null,
      facility: null,
    });
  });

  it("refuses a one-letter name with the spec's message", async () => {
    const org = await createOrganization(t, "Short Name Local");
    const res = await org.member.client.request("PATCH", "/api/profile", { name: "A" });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(ProfileMessages.nameMin);
  });

  it("takes an image avatar, serves it resized to the organization, and 404 to others", async () => {
    const org = await createOrganization(t, "Avatar Local");
    const other = await createOrganization(t, "Other Local");
    const png = await sharp({
      create: { width: 900, height: 600, channels: 3, background: "#b91c1c" },
    })
      .png()
      .toBuffer();
    const res = await upload(org.member.client, png, "me.png", "image/png");
    expect(res.statusCode).toBe(200);
    const url = res.json().image as string;
    expect(url).toMatch(/^\/api\/users\/.+\/avatar\?v=[0-9a-f]{16}$/);

    const mine = await org.member.client.raw({ method: "GET", url });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("image/webp");
    expect((await sharp(mine.rawPayload).metadata()).width).toBe(256);
    expect((await org.steward.client.raw({ method: "GET", url })).statusCode).toBe(200);
    expect((await other.admin.client.raw({ method: "GET", url })).statusCode).toBe(404);
    expect((await t.client().raw({ method: "GET", url })).statusCode).toBe(401);
  });

  it("refuses a non-image renamed .png with 415, and an image over 2 MB with 413", async () => {
    const org = await createOrganization(t, "Bad Avatar Local");
    const fake = await upload(
      org.member.client,
      Buffer.from("%PDF-1.7 not really an image"),
      "photo.png",
      "image/png",
    );
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe(ProfileMessages.avatarType);
    const big = await upload(
      org.member.client,
      Buffer.alloc(2 * 1024 * 1024 + 10, 1),
      "big.png",
      "image/png",
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(ProfileMessages.avatarSize);
    expect((await org.member.client.get("/api/me")).json().user.image).toBeNull();
  });
});

describe("sessions", () => {
  it("lists my sessions, ends one, and a password change ends the others", async () => {
    const user = await t.createUser();
    const laptop = t.client();
    const phone = t.client();
    await laptop.signIn(user.email, user.password);
    await phone.signIn(user.email, user.password);
    const sessions = (await laptop.get("/api/auth/list-sessions")).json() as { token: string }[];
    expect(sessions).toHaveLength(2);

    const weak = await laptop.post("/api/auth/change-password", {
      currentPassword: user.password,
      newPassword: "password",
      revokeOtherSessions: true,
    });
    expect(weak.statusCode).toBe(400);
    const changed = await laptop.post("/api/auth/change-password", {
      currentPassword: user.password,
      newPassword: "Changed-Pass-31",
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    expect((await phone.get("/api/me")).statusCode).toBe(401);
    expect((await laptop.get("/api/me")).statusCode).toBe(200);
  });
});

describe("two-factor sign-in", () => {
  it("enrols with TOTP, then sign-in needs a code or a backup code", async () => {
    const user = await t.createUser();
    const client = t.client();
    await client.signIn(user.email, user.password);
    const enable = await client.post("/api/auth/two-factor/enable", { password: user.password });
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/UnionHall:/);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    expect(
      (await client.post("/api/auth/two-factor/verify-totp", { code: "000000" })).statusCode,
    ).toBe(401);
    // One code, kept: a 30 s window may turn over during the test.
    const enrolledAt = Date.now();
    const enrolCode = totpFromUri(totpURI, enrolledAt);
    expect(
      (await client.post("/api/auth/two-factor/verify-totp", { code: enrolCode })).statusCode,
    ).toBe(200);
    expect((await client.get("/api/me")).json().user.twoFactorEnabled).toBe(true);

    // A new sign-in stops half-way until the second factor. The code just used is spent:
    // the next step's code (valid one step early) completes it, once.
    const device = t.client();
    const first = await device.signIn(user.email, user.password);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await device.get("/api/me")).statusCode).toBe(401);
    const spent = await device.post("/api/auth/two-factor/verify-totp", { code: enrolCode });
    expect(spent.statusCode).toBe(401);
    expect(spent.json().message).toBe(AuthMessages.totpUsed);
    const nextCode = totpFromUri(totpURI, enrolledAt + 30_000);
    expect(
      (await device.post("/api/auth/two-factor/verify-totp", { code: nextCode })).statusCode,
    ).toBe(200);
    expect((await device.get("/api/me")).statusCode).toBe(200);
    // The same code cannot complete a second sign-in within its window.
    const replay = t.client();
    await replay.signIn(user.email, user.password);
    expect(
      (await replay.post("/api/auth/two-factor/verify-totp", { code: nextCode })).statusCode,
    ).toBe(401);
    expect((await replay.get("/api/me")).statusCode).toBe(401);

    const other = t.client();
    await other.signIn(user.email, user.password);
    expect(
      (await other.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] }))
        .statusCode,
    ).toBe(200);
    expect((await other.get("/api/me")).statusCode).toBe(200);
    const reuse = t.client();
    await reuse.signIn(user.email, user.password);
    expect(
      (await reuse.post("/api/auth/two-factor/verify-backup-code", { code: backupCodes[0] }))
        .statusCode,
    ).toBe(401);

    const disable = await client.post("/api/auth/two-factor/disable", { password: user.password });
    expect(disable.statusCode).toBe(200);
    expect(
      (await t.client().signIn(user.email, user.password)).json().twoFactorRedirect,
    ).toBeUndefined();
  });

  it("an organization that requires it is closed to members without it", async () => {
    const org = await createOrganization(t, "Strict Local", "pro", {
      adminPassword: "Correct-Horse-42",
    });
    const refused = await org.admin.client.request("PUT", "/api/organization/security", {
      requireTwoFactor: true,
    });
    expect(refused.statusCode).toBe(409);
    const enable = await org.admin.client.post("/api/auth/two-factor/enable", {
      password: "Correct-Horse-42",
    });
    await org.admin.client.post("/api/auth/two-factor/verify-totp", {
      code: totpFromUri(enable.json().totpURI),
    });
    expect(
      (
        await org.admin.client.request("PUT", "/api/organization/security", {
          requireTwoFactor: true,
        })
      ).statusCode,
    ).toBe(200);

    const blocked = await org.member.client.get("/api/members");
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.message).toMatch(/requires two-factor sign-in/);
    const me = (await org.member.client.get("/api/me")).json();
    expect(me.organization.requireTwoFactor).toBe(true);
    expect(me.user.twoFactorEnabled).toBe(false);
    expect((await org.admin.client.get("/api/members")).statusCode).toBe(200);
    expect(
      (
        await org.steward.client.request("PUT", "/api/organization/security", {
          requireTwoFactor: false,
        })
      ).statusCode,
    ).toBe(403);
  });

  it("computes RFC 6238 codes correctly (the test's own authenticator)", () => {
    // RFC 6238 appendix B, SHA-1, T = 59 s: 94287082 -> last 6 digits.
    expect(totp("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", 59_000)).toBe("287082");
  });
});

describe("rate limits", () => {
  it("answers 429 after the limit on sign-in, counted in the database, per account and client address", async () => {
    const strict = await startTestApp({ rateLimitPerMinute: 3 });
    // Time frozen within one minute's window: five sign-ins that each check a password took
    // past a minute's end on a busy machine, and the new window let the fourth through.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T18:20:05Z"));
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await strict.client().signIn("someone@example.org", "Wrong-Pass-1")).statusCode,
        );
      }
      expect(statuses.slice(0, 3)).toEqual([401, 401, 401]);
      expect(statuses.slice(3)).toEqual([429, 429]);
      const rows = await strict.db
        .selectFrom("publicRateLimits")
        .selectAll()
        .where("bucket", "like", "auth-%")
        .execute();
      expect(rows.length).toBeGreaterThan(0);
      const elsewhere = await strict.app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        headers: { "content-type": "application/json", origin: "http://localhost:3000" },
        payload: JSON.stringify({ email: "someone@example.org", password: "Wrong-Pass-1" }),
        remoteAddress: "10.0.0.9",
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
      await strict.close();
    }
  });
});

describe("fields a user may not write (issue 13)", () => {
  it("update-user refuses accountType and image; only the avatar upload sets an image", async () => {
    const { client } = await t.createSignedIn();
    for (const body of [
      { accountType: "admin" },
      { image: "https://evil.example/x.png" },
      { name: "Renamed", image: null },
    ]) {
      const res = await client.post("/api/auth/update-user", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(AuthMessages.notUserWritable);
    }
    const me = (await client.get("/api/me")).json().user;
    expect(me.accountType).toBe("member");
    expect(me.image).toBeNull();
    expect((await client.post("/api/auth/update-user", { name: "Renamed Fine" })).statusCode).toBe(
      200,
    );
  });

  it("sign-up takes no image", async () => {
    const res = await t.client().post("/api/auth/sign-up/email", {
      name: "Image Person",
      email: `img-${Date.now()}@example.org`,
      password: "Correct-Horse-42",
      image: "javascript:alert(1)",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(AuthMessages.notUserWritable);
  });
});
