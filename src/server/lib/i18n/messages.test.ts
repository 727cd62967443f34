import { describe, expect, it } from "vitest";
import { CATALOGUES } from "../../../shared/i18n/catalogues.ts";
import { messageIn } from "./index.ts";
import { scanMessages } from "./message-sources.ts";
import { validationMessage } from "./validation.ts";

/**
 * Every message an API answer can carry has its Spanish (issue 22): the zod messages of the
 * shared schemas and the messages of the server's errors, found in the source by the
 * TypeScript parser (message-sources.ts). A new message without an entry fails here.
 */
const scan = scanMessages();
const spanish = CATALOGUES.es.messages as Record<string, string>;
const english = CATALOGUES.en.messages as Record<string, string>;

describe("the messages catalogue covers the API's messages (issue 22)", () => {
  it("finds the messages of the schemas and of the server's errors (positive control)", () => {
    const texts = scan.messages.map((m) => m.text);
    // A *Messages object, a zod message written in place, a template of constants, an
    // AppError, a notFound default, a maker's literal argument, the error handler's own.
    expect(texts).toEqual(
      expect.arrayContaining([
        "Full name is required",
        "Choose one of the offered languages.",
        "Link at most 50 related grievances.",
        "Join or create an organization first.",
        "Not found",
        "A resolved grievance cannot be put on hold.",
        "The request body is not valid JSON.",
        "The request took too long to arrive. Please try again.",
      ]),
    );
    expect(texts.length).toBeGreaterThan(200);
  });

  it("has a Spanish entry for every message", () => {
    const missing = scan.messages.filter((m) => !(m.text in spanish)).map((m) => m.at);
    expect(missing).toEqual([]);
    const missingEnglish = scan.messages.filter((m) => english[m.text] !== m.text);
    expect(missingEnglish).toEqual([]);
  });

  it("translates a message to Spanish and leaves English as written", () => {
    expect(messageIn("es", "Full name is required")).toBe("El nombre completo es obligatorio");
    expect(messageIn("en", "Full name is required")).toBe("Full name is required");
    // A message built at run time (a name, an id) stays as the server wrote it.
    expect(messageIn("es", "GRV-2026-0001 is resolved: reopen it first.")).toBe(
      "GRV-2026-0001 is resolved: reopen it first.",
    );
  });

  it("rewrites zod's own English messages in Spanish from the issue", () => {
    const tooShort = {
      code: "too_small",
      message: "Too small: expected string to have >=3 characters",
      params: { origin: "string", minimum: 3, inclusive: true },
    };
    expect(validationMessage("es", tooShort)).toBe("Debe tener como mínimo 3 caracteres.");
    expect(validationMessage("en", tooShort)).toBe(tooShort.message);
    expect(
      validationMessage("es", {
        code: "invalid_type",
        message: "Invalid input: expected string, received undefined",
        params: { expected: "string" },
      }),
    ).toBe("Este campo es obligatorio.");
    // A schema's own message goes through the catalogue, never the generic wording.
    expect(
      validationMessage("es", {
        code: "too_small",
        message: "Full name is required",
        params: { origin: "string", minimum: 2 },
      }),
    ).toBe("El nombre completo es obligatorio");
  });

  it("lists the messages built at run time, which stay English (known, reviewed)", () => {
    // Each names a run-time value (a grievance id, a plan or package name, an email, a
    // website set-up field's label) and cannot be a catalogue key. A new one fails here:
    // make it a fixed message if it can be one, or add it to this list.
    expect(scan.dynamic.map((m) => m.at.replace(/:\d+$/, ""))).toEqual([
      "server/modules/grievances/convert.ts",
      "server/modules/grievances/convert.ts",
      "server/modules/grievances/step-actions.ts",
      "server/modules/grievances/related.ts",
      "server/modules/grievances/grievants.ts",
      "server/modules/grievances/step-actions.ts",
      "server/plugins/spa.ts",
      "server/plugins/spa.ts",
      "server/modules/billing/catalogue.ts",
      "server/modules/billing/catalogue.ts",
      "server/lib/tenancy/plan-gating.ts",
      "server/modules/grievances/step-actions.ts",
      "server/modules/directory/invitations.ts",
      "server/lib/tenancy/plan-gating.ts",
      "shared/schemas/public-site.ts",
      "shared/schemas/website-setup.ts",
      "shared/schemas/website-setup.ts",
      "shared/schemas/website-setup.ts",
      "shared/schemas/website-setup.ts",
      "shared/schemas/website-setup.ts",
    ]);
  });
});
