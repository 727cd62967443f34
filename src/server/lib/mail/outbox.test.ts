import { describe, expect, it } from "vitest";
import { backoffSeconds, LEASE_SECONDS } from "./outbox.ts";
import { SEND_LIMIT_MS, SMTP_TIMEOUTS } from "./transport.ts";

describe("backoffSeconds", () => {
  it("starts at 5 s and doubles", () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([5, 10, 20, 40]);
  });
  it("never waits more than an hour", () => {
    expect(backoffSeconds(30)).toBe(3600);
  });
});

describe("the outbox lease", () => {
  it("outlasts any one send, so a slow send is never claimed again and sent twice", () => {
    const steps = SMTP_TIMEOUTS.connectionTimeout + SMTP_TIMEOUTS.greetingTimeout;
    expect(steps + SMTP_TIMEOUTS.socketTimeout).toBeLessThan(SEND_LIMIT_MS);
    expect(SEND_LIMIT_MS / 1000).toBeLessThan(LEASE_SECONDS / 2);
  });
});
