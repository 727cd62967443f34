import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { switchLanguage } from "../../../../lib/i18n.ts";
import { ClosuresEditor } from "./ClosuresEditor.tsx";

const closures = [{ date: "2026-11-23", name: "Union picnic" }];
const editor = () => render(<ClosuresEditor closures={closures} errors={{}} onChange={() => {}} />);

describe("ClosuresEditor: days in the reader's language (issue 22)", () => {
  afterEach(() => switchLanguage("en"));

  it("English keeps the procedure's day form", () => {
    editor();
    expect(screen.getByText("Mon 23 Nov 2026")).toBeDefined();
    expect(screen.getByRole("button", { name: "Remove closure Mon 23 Nov 2026" })).toBeDefined();
  });

  it("Spanish reads the day through Intl; the closure's name is data and stays", async () => {
    await switchLanguage("es");
    editor();
    const day = new Intl.DateTimeFormat("es-US", {
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date("2026-11-23T12:00:00Z"));
    expect(screen.getByText(day)).toBeDefined();
    expect(screen.getByRole("button", { name: `Quitar el cierre: ${day}` })).toBeDefined();
    expect(screen.getByText("Union picnic")).toBeDefined();
    expect(screen.getByRole("button", { name: /Agregar cierre/ })).toBeDefined();
  });
});

describe("ClosuresEditor as the contract's holidays (issue 30)", () => {
  it("has the holidays' words and shows the server's error at holidays.added", () => {
    render(
      <ClosuresEditor
        kind="contractHolidays"
        closures={[{ date: "2026-11-27", name: "Day after Thanksgiving" }]}
        errors={{ "holidays.added.0.date": "This date is already listed" }}
        onChange={() => {}}
      />,
    );
    expect(screen.getByLabelText("Holiday date")).toBeDefined();
    expect(screen.getByRole("button", { name: /Add contract holiday/ })).toBeDefined();
    expect(
      screen.getByRole("button", { name: "Remove contract holiday Fri 27 Nov 2026" }),
    ).toBeDefined();
    expect(screen.getByRole("alert").textContent).toBe("This date is already listed");
  });
});
