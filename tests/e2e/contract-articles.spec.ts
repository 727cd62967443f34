import { expect, test } from "./fixtures.ts";

/**
 * Issue 30: an admin adds the contract's article 12.3; a steward filing a grievance is offered
 * it as they type the article (a native combobox: free text is still allowed), and the filed
 * grievance cites it.
 */
test("an admin adds an article and a steward picks it in the grievance form", async ({
  newLocal,
}) => {
  test.setTimeout(180_000);
  const { admin, steward } = await newLocal("Bakery Workers Local 30");

  const page = admin.page;
  await page.goto("/organization-setup?tab=articles");
  await expect(page.getByText("No articles yet")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Add article" }).click();
  await page.getByLabel("Number").fill("12.3");
  await page.getByLabel("Title").fill("Overtime");
  await page.getByLabel("Other names").fill("OT; Mandatory overtime");
  await page.getByRole("button", { name: "Save articles" }).click();
  await expect(page.getByText("Articles saved")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Number")).toHaveValue("12.3");
  await expect(page.getByLabel("Other names")).toHaveValue("OT; Mandatory overtime");

  const form = steward.page;
  await form.goto("/submit-grievance");
  const article = form.getByLabel("Contract articles (optional)");
  await expect(article).toBeVisible({ timeout: 30_000 });
  // The field offers the list's article; choosing it puts its citation in the field. The
  // articles arrive after the form is drawn: wait for the field to name its list (reading the
  // attribute at once failed a CI run).
  await expect(article).toHaveAttribute("list", /.+/);
  const listId = await article.getAttribute("list");
  expect(listId).toBeTruthy();
  await expect(form.locator(`datalist[id="${listId}"] option`)).toHaveAttribute(
    "value",
    "Art. 12.3 Overtime",
  );
  await article.fill("Art. 12.3 Overtime");
  await form.getByRole("button", { name: "Add article" }).click();
  await expect(form.getByRole("list", { name: "article list" })).toContainText(
    "Art. 12.3 Overtime",
  );
  // Once cited, it is no longer offered.
  await expect(article).not.toHaveAttribute("list", /.+/);
  await form.getByLabel("Full name").fill("Pat Baker");
  await form.getByLabel("Badge number").fill("B-1203");
  await form.getByLabel("Job title").selectOption({ index: 1 });
  await form.getByLabel("Department").selectOption({ index: 1 });
  await form.getByLabel("Location").selectOption({ index: 1 });
  await form
    .getByLabel("What happened?")
    .fill("Overtime was handed out without the 24 hours' notice the contract requires.");
  await form.getByLabel("Remedy sought").fill("Pay the overtime at double time.");
  await form.getByRole("button", { name: "Submit Grievance" }).click();
  await expect(form.getByText(/has been filed\./)).toBeVisible();
});
