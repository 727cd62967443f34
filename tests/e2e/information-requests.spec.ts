import { makePdf } from "../../src/server/lib/files/sample-files.ts";
import { api, expect, test } from "./fixtures.ts";
import { expectAccessible, linkFrom, uniqueEmail, waitForMail } from "./support.ts";

test("a steward asks the employer for information from the library; the employer answers with a file; the steward sees each item's state", async ({
  browser,
  newLocal,
}) => {
  test.setTimeout(300_000);
  const local = "Warehouse Local 33";
  const { admin, steward, member } = await newLocal(local);
  const contactEmail = uniqueEmail("hr");
  await api(admin, "POST", "/api/employer-contacts", {
    name: "Dana Reyes",
    title: "HR Manager",
    email: contactEmail,
  });
  const g = await api<{ id: string }>(member, "POST", "/api/grievances", {
    name: member.name,
    badgeNumber: "W-3300",
    jobTitle: "Driver",
    department: "Transit",
    location: "North Garage",
    subject: "Written warning for a missed scan",
    articles: ["Art. 7 Discipline"],
    description: "I was given a written warning though the scanner was broken.",
    remedy: "Remove the warning.",
  });

  // The steward picks two items from the library, types a third, and serves by link.
  const page = steward.page;
  await page.goto(`/grievances/${g.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "New information request" }).click();
  const dialog = page.getByRole("dialog");
  await dialog
    .getByRole("checkbox", { name: "The grievant's complete personnel file", exact: true })
    .check();
  await dialog
    .getByRole("checkbox", { name: "All video and camera footage of the incident", exact: true })
    .check();
  // The local adds its own text to the library and picks it too.
  await dialog.getByLabel("A new item for the library").fill("Scanner repair tickets for Dock 4");
  await dialog.getByRole("button", { name: "Add to library" }).click();
  await dialog
    .getByRole("checkbox", { name: "Scanner repair tickets for Dock 4", exact: true })
    .check();
  await dialog.getByRole("button", { name: "Create request" }).click();
  await expect(dialog).toBeHidden();
  const request = page.getByTestId("information-request");
  await expect(request).toContainText("Not served yet");
  await expect(request.getByTestId("information-item")).toHaveCount(3);
  await request.getByRole("button", { name: "Serve request" }).click();
  await expect(dialog.getByLabel("Serve on")).toContainText("Dana Reyes");
  await dialog.getByRole("button", { name: "Serve", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(request).toContainText("Served by link on");
  await expectAccessible(page);

  // The employer follows the mailed link and answers two items, one with a file.
  const mail = await waitForMail(
    contactEmail,
    `Information request on grievance ${g.id} from ${local}`,
  );
  const link = linkFrom(mail, "/respond/");
  const employer = await browser.newContext();
  const respond = await employer.newPage();
  await respond.goto(link);
  await expect(
    respond.getByRole("heading", {
      name: `Information request on grievance ${g.id}: Written warning for a missed scan`,
    }),
  ).toBeVisible({ timeout: 30_000 });
  const items = respond.getByTestId("respond-item");
  await expect(items).toHaveCount(3);
  await items.nth(0).getByLabel("Answer").selectOption("provided");
  await items.nth(0).getByLabel("Note").fill("The file is attached.");
  await items
    .nth(0)
    .getByLabel("Files")
    .setInputFiles({
      name: "personnel-file.pdf",
      mimeType: "application/pdf",
      buffer: makePdf("Personnel file", ["Hired 2019."]),
    });
  await items.nth(1).getByLabel("Answer").selectOption("refused");
  await items.nth(1).getByLabel("Note").fill("The camera was not recording.");
  await expectAccessible(respond);
  await respond.getByRole("button", { name: "Send answers" }).click();
  await expect(respond.getByText("Your answers are recorded.")).toBeVisible();
  await expect(items.nth(0).getByTestId("respond-item-answered")).toContainText(
    "personnel-file.pdf",
  );
  await expect(items.nth(1).getByTestId("respond-item-answered")).toContainText("Refused");
  await expect(items.nth(2).getByLabel("Answer")).toBeVisible();
  await employer.close();

  // The steward's page, never reloaded, shows each item's state, the note and the file.
  const states = page.getByTestId("information-item-state");
  await expect(states).toHaveText(["Provided", "Refused", "Pending"], { timeout: 30_000 });
  await expect(page.getByTestId("information-request")).toContainText("The file is attached.");
  await expect(page.getByRole("link", { name: "personnel-file.pdf" })).toBeVisible();

  // The grievant sees the states, not the employer's notes.
  await member.page.goto(`/grievances/${g.id}`);
  await expect(member.page.getByTestId("information-item-state")).toHaveText(
    ["Provided", "Refused", "Pending"],
    { timeout: 30_000 },
  );
  await expect(member.page.getByText("The camera was not recording.")).toHaveCount(0);
  await expect(member.page.getByRole("button", { name: "Record answer" })).toHaveCount(0);
});
