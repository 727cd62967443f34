import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { permissionsFor } from "../../shared/permissions.ts";
import { afterTodayNote } from "../components/ui/ChargeBreakdown.tsx";
import { Field } from "../components/ui/Field.tsx";
import { Input } from "../components/ui/Input.tsx";
import { i18n, switchLanguage } from "../lib/i18n.ts";
import { timeAgo } from "../lib/relative-time.ts";
import { morePanel, sideMenu } from "./navigation.ts";

/** The portal shell and shared parts in Spanish (issue 22); English stays the spec's words. */
afterEach(async () => {
  await switchLanguage("en");
});

const admin = { role: "admin" as const, permissions: [...permissionsFor("admin")] };
const month = { recurring: 55, interval: "month" as const, months: null, dueToday: 0 };

describe("the shell in Spanish", () => {
  it("names the menu entries in the language of the t it is given", async () => {
    await switchLanguage("es");
    await i18n.loadNamespaces("common");
    const labels = sideMenu(admin, i18n.t).map((i) => i.label);
    expect(labels.slice(0, 3)).toEqual(["Panel", "Quejas", "Plazos"]);
    expect(morePanel(admin, i18n.t).map((i) => i.label)).toContain("Configuración");
    // Without a t: the spec's English words.
    expect(sideMenu(admin)[0]?.label).toBe("Dashboard");
  });

  it("shows a shared schema's message under a field in Spanish", async () => {
    await switchLanguage("es");
    render(
      <Field label="Nombre" error="Full name is required">
        <Input />
      </Field>,
    );
    expect(screen.getByRole("alert").textContent).toBe("El nombre completo es obligatorio");
  });

  it("keeps a field's English message in English", () => {
    render(
      <Field label="Name" error="Full name is required">
        <Input />
      </Field>,
    );
    expect(screen.getByRole("alert").textContent).toBe("Full name is required");
  });

  it("says how long ago in the language on screen", async () => {
    const now = Date.parse("2026-03-03T12:00:00Z");
    const fiveMinutesAgo = new Date(now - 5 * 60_000).toISOString();
    expect(timeAgo(fiveMinutesAgo, now)).toBe("5 minutes ago");
    expect(timeAgo(new Date(now).toISOString(), now)).toBe("just now");
    await switchLanguage("es");
    expect(timeAgo(fiveMinutesAgo, now)).toBe("hace 5 minutos");
    expect(timeAgo(new Date(now).toISOString(), now)).toBe("hace un momento");
  });

  it("words what follows today's charge in either language", async () => {
    expect(afterTodayNote({ ...month, firstPeriodToday: true })).toBe(
      "Then $55/month from next month.",
    );
    expect(afterTodayNote({ ...month, months: 12, recurring: 125, firstPeriodToday: true })).toBe(
      "Then $125/month for 11 more months (12 payments in all).",
    );
    expect(
      afterTodayNote({ ...month, interval: "year", recurring: 290, firstPeriodToday: false }),
    ).toBe("Then $290/year.");
    await switchLanguage("es");
    expect(afterTodayNote({ ...month, firstPeriodToday: true })).toBe(
      "Después, $55 al mes a partir del próximo mes.",
    );
  });
});
