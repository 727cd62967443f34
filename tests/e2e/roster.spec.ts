import { api, expect, test } from "./fixtures.ts";
import { expectAccessible, waitForMail } from "./support.ts";

/**
 * Moving a local in (issue 29): an admin uploads the employer's list, corrects the one column
 * the guess missed, reads what will happen to every row, applies it and invites, on a desktop
 * and on a phone.
 */
const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

for (const size of SIZES) {
  test(`an admin imports the roster and invites, ${size.name}`, async ({ newLocal }) => {
    test.setTimeout(90_000);
    const local = await newLocal(`Roster Local ${size.name}`);
    const tag = Math.random().toString(36).slice(2, 8);
    const emails = [`rosa.${tag}@example.org`, `luis.${tag}@example.org`];
    const csv = [
      "Member,E-mail,Clock #,Dept,Title,Home Phone",
      `Rosa Diaz,${emails[0]},C-100,Paint Shop,Welder,555-0100`,
      `Luis Ortega,${emails[1]},C-101,Paint Shop,Welder,555-0101`,
      "Ann Park,,C-102,Shipping,Driver,555-0102",
      "Bad Row,not-an-email,C-103,Shipping,Driver,",
    ].join("\r\n");

    const page = local.admin.page;
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto("/dashboard");
    if (size.name === "desktop") {
      await page
        .getByRole("navigation", { name: "Main" })
        .getByRole("link", { name: "Roster" })
        .click();
    } else {
      await page.getByRole("button", { name: "More" }).click();
      await page.getByRole("link", { name: "Roster" }).click();
    }
    await expect(page.getByRole("heading", { name: "Roster", level: 1 })).toBeVisible();
    // Every account of the local is on the roster, joined.
    await expect(page.getByText("3 people")).toBeVisible();

    await page.getByRole("button", { name: "Import a list" }).click();
    const dialog = page.getByRole("dialog", { name: "Import the roster" });
    await dialog.getByLabel("File").setInputFiles({
      name: "checkoff.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(csv),
    });
    await dialog.getByRole("button", { name: "Upload and preview" }).click();

    // The guess: every column but the phone, which the admin maps by hand.
    await expect(dialog.getByLabel("Name", { exact: true })).toHaveValue("Member");
    await expect(dialog.getByLabel("Badge or employee number")).toHaveValue("Clock #");
    await expect(dialog.getByLabel("Job title")).toHaveValue("Title");
    await expect(dialog.getByLabel("Phone")).toHaveValue("");
    await dialog.getByLabel("Phone").selectOption("Home Phone");
    await dialog.getByRole("button", { name: "Preview again" }).click();

    const counts = dialog.getByTestId("import-counts");
    await expect(counts).toContainText("3 new");
    await expect(counts).toContainText("1 row with errors");
    await expect(dialog.getByText("This is not an email address.")).toBeVisible();
    await expect(dialog.getByText("Paint Shop", { exact: false }).first()).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/screens/roster-preview-${size.name}.png` });

    await dialog.getByLabel(/Send an invitation/).check();
    await dialog.getByRole("button", { name: "Apply", exact: true }).click();
    await expect(dialog.getByTestId("import-done")).toContainText(
      "3 added, 0 updated, 0 marked as left, 2 invited.",
    );
    await dialog.getByRole("button", { name: "Done" }).click();

    await expect(page.getByText("6 people")).toBeVisible();
    await page.getByRole("searchbox", { name: "Search by name, badge or email" }).fill("C-10");
    await expect(page.getByText("Invited", { exact: true })).toHaveCount(2);
    await expect(page.getByText("Ann Park")).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/screens/roster-${size.name}.png`, fullPage: true });

    // The invitation reaches Rosa once, in the outbox's mail.
    const mail = await waitForMail(
      emails[0] as string,
      `You're invited to ${local.name} on UnionHall`,
    );
    expect(mail.text).toContain("/accept-invite?token=");
  });
}

test("a steward files for a roster person without an account, found by badge as they type", async ({
  newLocal,
}) => {
  test.setTimeout(90_000);
  const local = await newLocal("Filing For Local");
  const nora = await api<{ id: string }>(local.admin, "POST", "/api/roster", {
    name: "Nora Quinn",
    badgeNumber: "NQ-7",
    jobTitle: "Driver",
    department: "Transit",
    location: "North Garage",
  });
  const page = local.steward.page;
  await page.goto("/submit-grievance");
  await page.getByLabel("Filing for").fill("nq-7");
  await page.getByRole("button", { name: /Nora Quinn/ }).click();
  await expect(page.getByTestId("roster-person")).toContainText("Nora Quinn");
  await expect(page.getByLabel("Full name")).toHaveValue("Nora Quinn");
  await expect(page.getByLabel("Badge number")).toHaveValue("NQ-7");
  await expect(page.getByLabel("Department")).toHaveValue("Transit");
  await expectAccessible(page);
  await page
    .getByLabel("What happened?")
    .fill("Sent home without pay after refusing an unsafe bus.");
  await page.getByLabel("Remedy sought").fill("Pay for the lost shift and inspect the brakes.");
  await page.getByRole("button", { name: "Submit Grievance" }).click();
  await expect(page).toHaveURL(/\/grievances$/, { timeout: 30_000 });
  const list = await api<{ items: { id: string }[] }>(local.steward, "GET", "/api/grievances");
  const filed = await api<{ grievants: { id: string; name: string }[] }>(
    local.steward,
    "GET",
    `/api/grievances/${list.items[0]?.id}`,
  );
  expect(filed.grievants).toEqual([{ id: nora.id, name: "Nora Quinn", rosterId: nora.id }]);
});

test("an admin imports the local's grievance history", async ({ newLocal }) => {
  test.setTimeout(90_000);
  const local = await newLocal("History Import Local");
  await api(local.admin, "POST", "/api/roster", { name: "Omar Reyes", badgeNumber: "OR-1" });
  const csv = [
    "Case #,Grievant,Date Filed,Step,Articles,Description",
    "HX-1,OR-1,2026-01-12,Step 2,Art. 7,Denied bereavement leave.",
    "HX-2,ZZ-9,2026-02-02,Step 1,,Nobody of this badge.",
  ].join("\n");
  const page = local.admin.page;
  await page.goto("/grievances");
  await page.getByRole("button", { name: "Import history" }).click();
  const dialog = page.getByRole("dialog", { name: "Import grievance history" });
  await dialog.getByLabel("File").setInputFiles({
    name: "history.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole("button", { name: "Upload and preview" }).click();
  await expect(dialog.getByLabel("Grievance id")).toHaveValue("Case #");
  await expect(dialog.getByLabel("Filed date")).toHaveValue("Date Filed");
  const counts = dialog.getByTestId("history-counts");
  await expect(counts).toContainText("1 new grievance");
  await expect(counts).toContainText("1 row with errors");
  await expect(
    dialog.getByText("Grievant: Nobody on the roster has this badge number or name."),
  ).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Apply" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("link", { name: "HX-1" }).first()).toBeVisible();
  const hx = await api<{
    stepName?: string;
    step: { name: string };
    grievants: { name: string }[];
  }>(local.admin, "GET", "/api/grievances/HX-1");
  expect(hx.step.name).toBe("Step 2");
  expect(hx.grievants.map((g) => g.name)).toEqual(["Omar Reyes"]);
});
