import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { makePdf } from "../../src/server/lib/files/sample-files.ts";
import { expect, type Person, test } from "./fixtures.ts";
import { expectAccessible, waitForMail } from "./support.ts";

/** The person's own browser, on their dashboard. */
async function signedInPage(person: Person) {
  await person.page.goto("/dashboard");
  await expect(person.page).toHaveURL(/\/dashboard$/);
  return person.page;
}

/** Desktop (1280 px) and phone (375 px) screenshots of the page as it is now. */
async function screens(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `test-results/screens/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: `test-results/screens/${name}-phone.png`, fullPage: true });
  await expectAccessible(page);
  await page.setViewportSize({ width: 1280, height: 800 });
}

const unique = () => Math.random().toString(36).slice(2, 8);

test("an admin uploads a PDF; a member finds it by search and downloads the same bytes", async ({
  newLocal,
}) => {
  test.setTimeout(120_000);
  const local = await newLocal("Library Local 50", { demo: true });
  const word = `Zebra${unique()}`;
  const name = `Bargaining Notes ${word}`;
  const pdf = makePdf(name, ["Tentative agreement on scheduling.", "Wages still open."]);

  const admin = await signedInPage(local.admin);
  await admin
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Documents" })
    .click();
  await expect(admin.getByRole("heading", { name: "Document Library" })).toBeVisible();
  // The demo library is there from the seed.
  await expect(admin.getByText("Collective Bargaining Agreement 2025-2028")).toBeVisible();
  await expectAccessible(admin);

  // A text file named .pdf is refused by content, with the server's message.
  await admin.getByRole("button", { name: "Upload Document" }).click();
  const dialog = admin.getByRole("dialog", { name: "Upload Document" });
  await dialog.getByLabel("File").setInputFiles({
    name: "fake.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("just text, not a PDF"),
  });
  await expect(dialog.getByLabel("Document name")).toHaveValue("fake");
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog.getByText("Please choose a category.")).toBeVisible();
  await dialog.getByLabel("Category").selectOption("Contracts");
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog.getByText(/Please upload a PDF, Word/)).toBeVisible();
  await expectAccessible(admin);
  await admin.screenshot({ path: "test-results/screens/documents-upload-refused.png" });

  // The real PDF goes in.
  await dialog.getByLabel("File").setInputFiles({
    name: "notes.pdf",
    mimeType: "application/pdf",
    buffer: pdf,
  });
  await dialog.getByLabel("Document name").fill(name);
  await dialog.getByRole("button", { name: "Upload" }).click();
  await expect(dialog).toHaveCount(0);
  const row = admin
    .getByRole("list", { name: "Documents" })
    .getByRole("listitem")
    .filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByText("Contracts", { exact: true })).toBeVisible();
  await expect(row.getByText(/^PDF · \d+ bytes$/)).toBeVisible();
  await expect(row.getByText(/Updated just now/)).toBeVisible();
  await expect(row.getByRole("button", { name: `Delete ${name}` })).toBeVisible();

  // A member: no upload button, finds it by a piece of its name in any case, downloads it.
  const member = await signedInPage(local.member);
  await member.goto("/documents");
  await expect(member.getByRole("heading", { name: "Document Library" })).toBeVisible();
  await expect(member.getByRole("button", { name: "Upload Document" })).toHaveCount(0);
  await expect(member.getByRole("button", { name: /^Delete / })).toHaveCount(0);
  await member
    .getByRole("searchbox", { name: "Search documents by name" })
    .fill(word.toLowerCase());
  const found = member
    .getByRole("list", { name: "Documents" })
    .getByRole("listitem")
    .filter({ hasText: name });
  await expect(found).toBeVisible();
  await expect(member.getByRole("list", { name: "Documents" }).getByRole("listitem")).toHaveCount(
    1,
  );
  const [download] = await Promise.all([
    member.waitForEvent("download"),
    found.getByRole("link", { name: `Download ${name}` }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${name}.pdf`);
  const bytes = await readFile(await download.path());
  expect(bytes.equals(pdf)).toBe(true);

  // View opens it inline: the same bytes, typed from the content, never sniffed.
  const viewHref = await found.getByRole("link", { name: `View ${name}` }).getAttribute("href");
  const view = await member.request.get(viewHref ?? "");
  expect(view.headers()["content-type"]).toBe("application/pdf");
  expect(view.headers()["content-disposition"]).toMatch(/^inline; /);
  expect(view.headers()["x-content-type-options"]).toBe("nosniff");
  expect((await view.body()).equals(pdf)).toBe(true);

  // Category filter and the spec's empty text.
  await member.getByRole("searchbox", { name: "Search documents by name" }).fill("");
  await member.getByLabel("Category").selectOption("Safety");
  await expect(member.getByText("Workplace Safety Handbook")).toBeVisible();
  await expect(member.getByText(name)).toHaveCount(0);
  await member
    .getByRole("searchbox", { name: "Search documents by name" })
    .fill("no such document anywhere");
  await expect(member.getByText("No documents found matching your search criteria.")).toBeVisible();
  await member.getByRole("searchbox", { name: "Search documents by name" }).fill("");
  await member.getByLabel("Category").selectOption("");
  await expect(member.getByText("Collective Bargaining Agreement 2025-2028")).toBeVisible();
  await screens(member, "documents");

  // The API refuses the member's upload and post outright.
  const origin = new URL(member.url()).origin;
  const upload = await member.request.post("/api/documents", {
    headers: { origin },
    multipart: {
      name: "Sneaky",
      category: "Forms",
      file: { name: "s.pdf", mimeType: "application/pdf", buffer: pdf },
    },
  });
  expect(upload.status()).toBe(403);
  const postAttempt = await member.request.post("/api/announcements", {
    headers: { origin },
    data: { title: "Sneaky", content: "Members cannot post.", category: "General" },
  });
  expect(postAttempt.status()).toBe(403);

  // The admin deletes it: gone for everyone.
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
  // The list, not the page: the toast that names the deleted document stays for seconds.
  await expect(admin.getByRole("list", { name: "Documents" }).getByText(name)).toHaveCount(0);
  await member.reload();
  await member.getByRole("searchbox", { name: "Search documents by name" }).fill(word);
  await expect(member.getByText("No documents found matching your search criteria.")).toBeVisible();
  expect((await member.request.get(viewHref ?? "")).status()).toBe(404);
});

test("a steward posts an announcement and a member sees it, markup shown as text", async ({
  newLocal,
}) => {
  test.setTimeout(120_000);
  const local = await newLocal("Notice Board Local 51", { demo: true });
  const title = `Shift change meeting ${unique()}`;
  const content = `<script>window.__pwned = true</script>\nBring your <b>badge</b> & questions.`;

  const steward = await signedInPage(local.steward);
  await steward
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Announcements" })
    .click();
  await expect(steward.getByRole("heading", { name: "Announcements", level: 1 })).toBeVisible();
  await steward.getByRole("button", { name: "Post Announcement" }).click();
  const dialog = steward.getByRole("dialog", { name: "Post Announcement" });
  await dialog.getByRole("button", { name: "Post Announcement" }).click();
  await expect(dialog.getByText("Please enter a title.")).toBeVisible();
  await expect(dialog.getByText("Please write the announcement.")).toBeVisible();
  await expectAccessible(steward);
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Category").selectOption("Meetings");
  await dialog.getByLabel("Announcement").fill(content);
  await dialog.getByLabel("Also email all members").check();
  await steward.screenshot({ path: "test-results/screens/announcements-post-dialog.png" });
  await dialog.getByRole("button", { name: "Post Announcement" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(steward.getByText(/Emailed to \d+ members?\./)).toBeVisible();
  const stewardCard = steward.getByRole("article", { name: title });
  await expect(stewardCard).toBeVisible();
  // Stewards post; only admins edit and delete (portal spec 6).
  await expect(stewardCard.getByRole("button", { name: `Edit ${title}` })).toHaveCount(0);
  await expect(stewardCard.getByRole("button", { name: `Delete ${title}` })).toHaveCount(0);

  const member = await signedInPage(local.member);
  await member.goto("/announcements");
  const card = member.getByRole("article", { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText("Meetings", { exact: true })).toBeVisible();
  await expect(
    card.getByText("<script>window.__pwned = true</script>", { exact: false }),
  ).toBeVisible();
  await expect(card.getByText(/Bring your <b>badge<\/b> & questions\./)).toBeVisible();
  await expect(card.getByText(`by ${local.steward.name}`, { exact: false })).toBeVisible();
  await expect(card.getByText(/Posted just now/)).toBeVisible();
  expect(await member.evaluate(() => (window as { __pwned?: boolean }).__pwned)).toBeUndefined();
  await expect(card.locator("b")).toHaveCount(0);
  await expect(member.getByRole("button", { name: "Post Announcement" })).toHaveCount(0);
  await expect(card.getByRole("button")).toHaveCount(0);
  // Newest first: above the seeded ones.
  const titles = await member.getByRole("article").getByRole("heading").allInnerTexts();
  expect(titles.indexOf(title)).toBeLessThan(
    titles.indexOf("General Membership Meeting - Thursday 6 PM"),
  );
  await screens(member, "announcements");

  const mail = await waitForMail(local.member.email, `${local.name}: ${title}`);
  expect(mail.text).toContain("<script>window.__pwned = true</script>");

  // An admin edits it; the member sees the change.
  const admin = await signedInPage(local.admin);
  await admin.goto("/announcements");
  await admin
    .getByRole("article", { name: title })
    .getByRole("button", { name: `Edit ${title}` })
    .click();
  const edit = admin.getByRole("dialog", { name: "Edit announcement" });
  await expect(edit.getByLabel("Announcement")).toHaveValue(content);
  await edit.getByLabel("Title").fill(`${title} (moved)`);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(admin.getByRole("article", { name: `${title} (moved)` })).toBeVisible();
  await member.reload();
  await expect(member.getByRole("article", { name: `${title} (moved)` })).toContainText("edited");
});
