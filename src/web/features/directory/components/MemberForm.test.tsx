import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { switchLanguage } from "../../../lib/i18n.ts";
import { MemberForm } from "./MemberForm.tsx";

const form = () =>
  render(
    <MemberForm
      withEmail
      departments={[]}
      facilities={[]}
      allowedRoles={["admin", "member"]}
      submitLabel="Send"
      pending={false}
      onSubmit={async () => {}}
      errorTitle="Failed"
    />,
  );

const roleOptions = () =>
  screen
    .getAllByRole("option")
    .slice(0, 3)
    .map((o) => o.textContent);

describe("MemberForm: role names are shown in the reader's language (issue 22)", () => {
  afterEach(() => switchLanguage("en"));

  it("English: the spec's names, a role off the plan says so", () => {
    form();
    expect(roleOptions()).toEqual(["Admin", "Steward (not on your plan)", "Member"]);
    expect(screen.getByLabelText("Badge number")).toBeDefined();
  });

  it("Spanish: translated names; the stored values stay", async () => {
    await switchLanguage("es");
    form();
    expect(roleOptions()).toEqual([
      "Administrador",
      "Delegado sindical (no incluido en su plan)",
      "Miembro",
    ]);
    const values = screen
      .getAllByRole("option")
      .slice(0, 3)
      .map((o) => o.getAttribute("value"));
    expect(values).toEqual(["admin", "steward", "member"]);
    expect(screen.getByLabelText("Número de credencial")).toBeDefined();
  });
});
