import { api, expect, test } from "./fixtures.ts";
import { uniqueEmail } from "./support.ts";

/** Every mail the catcher holds for `to` (the global setup's SMTP server). */
async function mailsTo(to: string) {
  const url = `http://127.0.0.1:${process.env.E2E_MAIL_HTTP_PORT}/messages`;
  const all = (await (await fetch(url)).json()) as { to: string; subject: string }[];
  return all.filter((m) => m.to.includes(to.toLowerCase()));
}

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

test("a double click on each create button creates one of each (issue 30)", async ({
  newLocal,
}) => {
  test.setTimeout(240_000);
  const { admin, steward, member } = await newLocal("Double Click Local 30");

  // Add contact.
  const contactEmail = uniqueEmail("hr");
  await admin.page.goto("/organization-setup?tab=employer");
  await expect(admin.page.getByRole("heading", { name: "Employer contacts" })).toBeVisible({
    timeout: 30_000,
  });
  await admin.page.getByLabel("Name").fill("Dana Reyes");
  await admin.page.getByLabel("Email").fill(contactEmail);
  await admin.page.getByRole("button", { name: "Add contact" }).dblclick();
  await expect(admin.page.getByText(contactEmail)).toBeVisible();
  const contacts = await api<{ items: { email: string }[] }>(
    admin,
    "GET",
    "/api/employer-contacts",
  );
  expect(contacts.items.filter((c) => c.email === contactEmail)).toHaveLength(1);

  // Send invitation: one invitation, one mail.
  const invitee = uniqueEmail("invitee");
  await admin.page.goto("/directory");
  await admin.page.getByRole("button", { name: "Add member" }).click();
  const invite = admin.page.getByRole("dialog", { name: "Add member" });
  await invite.getByLabel("Email").fill(invitee);
  await invite.getByLabel("Role").selectOption("member");
  await invite.getByRole("button", { name: "Send invitation" }).dblclick();
  await expect(invite).toBeHidden();
  await expect.poll(async () => (await mailsTo(invitee)).length, { timeout: 30_000 }).toBe(1);
  const invitations = await api<{ items: { email: string }[] }>(admin, "GET", "/api/invitations");
  expect(invitations.items.filter((i) => i.email === invitee)).toHaveLength(1);
  // Give a second mail the time to arrive if one had been sent.
  await admin.page.waitForTimeout(1_000);
  expect(await mailsTo(invitee)).toHaveLength(1);

  // Post comment.
  const g = await api<{ id: string }>(member, "POST", "/api/grievances", {
    name: member.name,
    badgeNumber: "T-3030",
    jobTitle: "Driver",
    department: "Transit",
    location: "North Garage",
    description: "Overtime was given out of seniority order twice this month.",
    remedy: "Pay the missed overtime.",
  });
  const text = `Asked the depot for the schedule ${Date.now()}.`;
  await steward.page.goto(`/grievances/${g.id}`);
  await expect(steward.page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  await steward.page.getByRole("textbox", { name: "Comment" }).fill(text);
  await steward.page.getByRole("button", { name: "Post comment" }).dblclick();
  await expect(steward.page.getByText(text)).toBeVisible();
  // The case's record holds the comment once (one log entry, however many ways the API words
  // it: its line and its English), and so does the page.
  const times = async () =>
    (
      await api<{ activityLog: unknown[] }>(steward, "GET", `/api/grievances/${g.id}`)
    ).activityLog.filter((e) => JSON.stringify(e).includes(text)).length;
  await expect.poll(times, { timeout: 10_000 }).toBe(1);
  await steward.page.reload();
  await expect(steward.page.getByText(text)).toHaveCount(1);

  // Serve on employer: one service, one mail to the employer.
  await steward.page.getByRole("button", { name: "Serve on employer" }).click();
  const serve = steward.page.getByRole("dialog");
  await expect(serve.getByLabel("Serve on")).toContainText("Dana Reyes");
  await serve.getByRole("button", { name: "Serve" }).dblclick();
  await expect(serve).toBeHidden();
  const services = await api<{ items: unknown[] }>(
    steward,
    "GET",
    `/api/grievances/${g.id}/services`,
  );
  expect(services.items).toHaveLength(1);
  await expect.poll(async () => (await mailsTo(contactEmail)).length, { timeout: 30_000 }).toBe(1);
  expect(await mailsTo(contactEmail)).toHaveLength(1);

  // Upload document.
  const name = `Seniority list ${Date.now()}`;
  await admin.page.goto("/documents");
  await admin.page.getByRole("button", { name: "Upload Document" }).click();
  const upload = admin.page.getByRole("dialog", { name: "Upload Document" });
  await upload.getByLabel("File").setInputFiles({
    name: "list.pdf",
    mimeType: "application/pdf",
    buffer: PDF,
  });
  await upload.getByLabel("Document name").fill(name);
  await upload.getByLabel("Category").selectOption("Contracts");
  await upload.getByRole("button", { name: "Upload" }).dblclick();
  await expect(upload).toHaveCount(0);
  const docs = await api<{ items: { name: string }[] }>(
    admin,
    "GET",
    `/api/documents?search=${encodeURIComponent(name)}`,
  );
  expect(docs.items.filter((d) => d.name === name)).toHaveLength(1);
});
