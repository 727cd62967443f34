import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_URL, startTestApp, type TestApp } from "../support/test-app.ts";

/**
 * API messages in the reader's language (issue 22): the signed-in user's profile language,
 * else the switcher's cookie, else Accept-Language. English answers stay exactly as they were.
 */
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const contact = { name: "A", email: "ana@example.org", organization: "Local 12", message: "Hi" };

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url,
    headers: { origin: APP_URL, "content-type": "application/json", ...headers },
    payload: JSON.stringify(body),
  });

describe("validation messages for a visitor", () => {
  it("are Spanish for a Spanish browser (Accept-Language: es-US)", async () => {
    const res = await post("/api/contact", contact, { "accept-language": "es-US,es;q=0.9" });
    expect(res.statusCode).toBe(400);
    const { error } = res.json();
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toBe("Escriba su nombre");
    expect(error.fields).toMatchObject({
      name: "Escriba su nombre",
      message: "Escriba al menos 10 caracteres",
    });
  });

  it("follow the switcher's cookie over the browser's language", async () => {
    const res = await post("/api/contact", contact, {
      "accept-language": "en-US",
      cookie: "uh_lang=es",
    });
    expect(res.json().error.message).toBe("Escriba su nombre");
  });

  it("stay English for an English browser, and without any language", async () => {
    const browsers: Record<string, string>[] = [{ "accept-language": "en-US,en;q=0.9" }, {}];
    for (const headers of browsers) {
      const res = await post("/api/contact", contact, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        message: "Please enter your name",
        fields: { name: "Please enter your name", message: "Please write at least 10 characters" },
      });
    }
  });

  it("are Spanish for other errors too (not signed in)", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { "accept-language": "es" },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      code: "UNAUTHENTICATED",
      message: "Inicie sesión para continuar.",
    });
  });
});

describe("validation messages for a signed-in user", () => {
  it("follow the profile's language, whatever the browser says", async () => {
    const { client } = await t.createSignedIn({ email: "lucia@example.org", name: "Lucía" });
    const english = await client.request("PATCH", "/api/profile", { name: "L" });
    expect(english.statusCode).toBe(400);
    expect(english.json().error.message).toBe("Full name must be at least 2 characters");

    expect(
      (await client.request("PUT", "/api/profile/language", { language: "es" })).statusCode,
    ).toBe(204);
    const spanish = await client.request("PATCH", "/api/profile", { name: "L" });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.json().error).toEqual({
      code: "VALIDATION_FAILED",
      message: "El nombre completo debe tener al menos 2 caracteres",
      fields: { name: "El nombre completo debe tener al menos 2 caracteres" },
    });
    // Every limit has its own plain message (issue 30), in Spanish as well.
    const long = await client.request("PATCH", "/api/profile", { name: "x".repeat(101) });
    expect(long.json().error.message).toBe(
      "El nombre completo debe tener como máximo 100 caracteres",
    );
  });
});
