import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest } from "./api.ts";

function answer(status: number, body: string) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(body, { status, statusText: "Bad Request" })),
  );
}

async function failure(): Promise<ApiError> {
  try {
    await apiRequest("/api/x");
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("no error");
}

describe("apiRequest's errors", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("reads the API's error shape: code, message and fields", async () => {
    answer(
      400,
      JSON.stringify({
        error: { code: "VALIDATION_FAILED", message: "Invalid", fields: { name: "Required" } },
      }),
    );
    const error = await failure();
    expect(error.status).toBe(400);
    expect(error.message).toBe("Invalid");
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fields).toEqual({ name: "Required" });
  });

  it("takes an error without fields", async () => {
    answer(404, JSON.stringify({ error: { code: "NOT_FOUND", message: "Grievance not found" } }));
    const error = await failure();
    expect([error.message, error.code, error.fields]).toEqual([
      "Grievance not found",
      "NOT_FOUND",
      undefined,
    ]);
  });

  it("says '{status}: {text}' for any other body", async () => {
    for (const body of [
      "plain text",
      JSON.stringify({ error: "nope" }),
      JSON.stringify({ error: { code: 1, message: "x" } }),
      JSON.stringify({ error: { code: "X", message: "x", fields: { a: 1 } } }),
      JSON.stringify({ error: { code: "X", message: "x", fields: ["a"] } }),
    ]) {
      answer(400, body);
      const error = await failure();
      expect(error.message).toBe(`400: ${body}`);
      expect(error.code).toBeUndefined();
    }
    answer(400, "");
    expect((await failure()).message).toBe("400: Bad Request");
  });
});

describe("one key per submission", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("joins a double click, reuses the key for a retry, and makes a new one after success", async () => {
    const keys: (string | null)[] = [];
    let fail = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_path: string, init: RequestInit) => {
        keys.push(new Headers(init.headers).get("idempotency-key"));
        await new Promise((r) => setTimeout(r, 5));
        return fail
          ? new Response("{}", { status: 503 })
          : new Response('{"id":"1"}', { status: 201 });
      }),
    );
    const body = { text: "hello" };
    const [a, b] = await Promise.all([
      apiRequest("/api/x", { method: "POST", body }),
      apiRequest("/api/x", { method: "POST", body }),
    ]);
    expect(a).toEqual(b);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^[\x21-\x7e]{1,200}$/);

    fail = true;
    await expect(apiRequest("/api/x", { method: "POST", body })).rejects.toThrow();
    fail = false;
    await apiRequest("/api/x", { method: "POST", body });
    expect(keys[2]).toBe(keys[1]);
    expect(keys[1]).not.toBe(keys[0]);

    await apiRequest("/api/x", { method: "POST", body: { text: "other" } });
    await apiRequest("/api/x", { method: "GET" });
    expect(keys[3]).not.toBe(keys[2]);
    expect(keys[4]).toBeNull();
  });
});
