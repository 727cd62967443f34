import { describe, expect, it } from "vitest";
import { AuthCache } from "./auth-cache.ts";

function counter<T>(value: T) {
  let calls = 0;
  return {
    load: async () => {
      calls++;
      return value;
    },
    get calls() {
      return calls;
    },
  };
}

describe("AuthCache", () => {
  it("keeps nothing until its listener is connected, and forgets everything when it drops", async () => {
    const cache = new AuthCache();
    const c = counter("row");
    await cache.get("m", "k", c.load, () => ["u1"]);
    await cache.get("m", "k", c.load, () => ["u1"]);
    expect(c.calls).toBe(2);
    cache.setTrusted(true);
    await cache.get("m", "k", c.load, () => ["u1"]);
    await cache.get("m", "k", c.load, () => ["u1"]);
    expect(c.calls).toBe(3);
    cache.setTrusted(false);
    await cache.get("m", "k", c.load, () => ["u1"]);
    expect(c.calls).toBe(4);
  });

  it("answers from memory until the TTL ends or an owner changes", async () => {
    let now = 1_000;
    const cache = new AuthCache(5_000, 100, () => now);
    cache.setTrusted(true);
    const c = counter({ role: "steward" });
    const owners = () => ["user-1", "org-1"];
    await cache.get("tenants", "user-1", c.load, owners);
    now += 4_999;
    await cache.get("tenants", "user-1", c.load, owners);
    expect(c.calls).toBe(1);
    now += 1;
    await cache.get("tenants", "user-1", c.load, owners);
    expect(c.calls).toBe(2);
    cache.invalidate("org-1");
    await cache.get("tenants", "user-1", c.load, owners);
    expect(c.calls).toBe(3);
    cache.invalidate("someone-else");
    await cache.get("tenants", "user-1", c.load, owners);
    expect(c.calls).toBe(3);
  });

  it("does not keep an answer loaded while a change was heard, nor one without owners", async () => {
    const cache = new AuthCache();
    cache.setTrusted(true);
    let release: (v: string) => void = () => undefined;
    const slow = () => new Promise<string>((r) => (release = r));
    const pending = cache.get("sessions", "tok", slow, () => ["user-1"]);
    cache.invalidate("user-1");
    release("stale");
    expect(await pending).toBe("stale");
    const c = counter("fresh");
    expect(await cache.get("sessions", "tok", c.load, () => ["user-1"])).toBe("fresh");
    expect(c.calls).toBe(1);

    const none = counter(null);
    await cache.get("sessions", "unknown", none.load, () => null);
    await cache.get("sessions", "unknown", none.load, () => null);
    expect(none.calls).toBe(2);
  });

  it("drops all of a user's entries through one of their keys", async () => {
    const cache = new AuthCache();
    cache.setTrusted(true);
    const a = counter("a");
    const b = counter("b");
    await cache.get("sessions", "tok-a", a.load, () => ["user-1"]);
    await cache.get("sessions", "tok-b", b.load, () => ["user-1"]);
    cache.invalidateOwnersOf("sessions", "tok-a");
    await cache.get("sessions", "tok-a", a.load, () => ["user-1"]);
    await cache.get("sessions", "tok-b", b.load, () => ["user-1"]);
    expect([a.calls, b.calls]).toEqual([2, 2]);
  });
});
