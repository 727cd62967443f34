import { afterEach, describe, expect, it } from "vitest";
import { CATALOGUES } from "../../shared/i18n/catalogues.ts";
import { AuthMessages } from "../../shared/schemas/auth.ts";
import { authErrorMessage, fieldMessage } from "./auth-errors.ts";
import { i18n, switchLanguage } from "./i18n.ts";

const spanish = CATALOGUES.es.messages as Record<string, string>;

afterEach(async () => {
  await switchLanguage("en");
});

describe("auth errors in the reader's language (issue 22)", () => {
  it("English shows the spec's texts exactly", () => {
    expect(authErrorMessage({ code: "INVALID_EMAIL_OR_PASSWORD" }, "x")).toBe(
      AuthMessages.invalidCredentials,
    );
    expect(authErrorMessage({ status: 429 }, "x")).toBe(AuthMessages.tooManyRequests);
    expect(authErrorMessage(null, AuthMessages.loginFailed)).toBe(AuthMessages.loginFailed);
    expect(fieldMessage(AuthMessages.passwordMin)).toBe(AuthMessages.passwordMin);
    expect(fieldMessage(undefined)).toBeUndefined();
  });

  it("every one of the spec's auth messages has its Spanish", () => {
    for (const text of Object.values(AuthMessages)) expect(spanish[text], text).toBeTruthy();
  });

  it("Spanish maps better-auth's codes and the server's messages; unknown text passes", async () => {
    await switchLanguage("es");
    expect(i18n.resolvedLanguage).toBe("es");
    expect(authErrorMessage({ code: "EMAIL_NOT_VERIFIED" }, "x")).toBe(
      spanish[AuthMessages.unverified],
    );
    expect(authErrorMessage({ message: AuthMessages.passwordCommon }, "x")).toBe(
      "Esta contraseña es demasiado común. Elija una contraseña menos común.",
    );
    expect(authErrorMessage({ code: "INVALID_TOKEN" }, "Ya traducido.")).toBe("Ya traducido.");
    expect(fieldMessage(AuthMessages.passwordsMismatch)).toBe("Las contraseñas no coinciden");
  });
});
