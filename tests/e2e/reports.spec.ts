import { readFileSync } from "node:fs";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import { api, expect, type Person, test } from "./fixtures.ts";
import { expectAccessible } from "./support.ts";

/** Reports and the repeat-violation radar (issue 21), on a local of its own. */
const filing = (article: string) => ({
  jobTitle: "Driver",
  department: "Transit",
  location: "North Garage",
  name: "Mo Member",
  badgeNumber: "T-1001",
  articles: [article],
  description: "Overtime on the night routes went to junior drivers again this week.",
  remedy: "Pay the missed overtime and follow the seniority list.",
});

async function open(person: Person, url: string) {
  await person.page.goto(url);
  await expect(person.page.getByRole("heading", { level: 1 })).toBeVisible({ timeout: 30_000 });
  return person.page;
}

test("reports: charts, their tables and a CSV; a pattern on the dashboard becomes a policy grievance", async ({
  newLocal,
}) => {
  test.setTimeout(300_000);
  const { steward, member } = await newLocal("Radar Local 21");
  const filed: string[] = [];
  // Two spellings of one article; the one most use names it.
  for (const article of ["Art. 12.3 Overtime", "ARTICLE 12.3  overtime", "Art. 12.3 Overtime"])
    filed.push((await api<TGrievance>(member, "POST", "/api/grievances", filing(article))).id);
  await api(steward, "POST", `/api/grievances/${filed[0]}/close`, {
    outcome: "granted",
    summary: "Granted: the overtime is paid.",
  });

  // The reports page, from the side menu.
  const page = await open(steward, "/dashboard");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Reports" })
    .click();
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await expect(page.getByTestId("total-Filed")).toHaveText("3");
  await expect(page.getByTestId("total-Closed")).toHaveText("1");
  await expect(page.getByTestId("total-Win rate")).toHaveText("100%");
  const months = page.getByRole("region", { name: "Filed and closed by month" });
  await expect(months.locator(".recharts-surface").first()).toBeVisible();
  const articles = page.getByRole("region", { name: "By article" });
  await expect(articles.locator(".recharts-surface").first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/screens/reports.png", fullPage: true });

  // A reversed range is refused on the page: no request goes out, the figures stay.
  const refused: string[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/api/reports") && r.status() >= 400) refused.push(r.url());
  });
  const range = page.getByRole("form", { name: "Date range" });
  await range.getByLabel("From").fill("2026-11-20");
  await range.getByLabel("To").fill("2026-11-01");
  await range.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("The start of the range must not be after its end.")).toBeVisible();
  await expect(page.getByTestId("total-Filed")).toHaveText("3");
  expect(refused).toEqual([]);
  await range.getByLabel("From").fill("");
  await range.getByLabel("To").fill("");
  await range.getByRole("button", { name: "Show" }).click();
  await expect(page.getByText("The start of the range must not be after its end.")).toHaveCount(0);

  // The table view of the article chart: the three spellings are one article.
  await articles.getByRole("button", { name: "Table" }).click();
  const row = articles.getByRole("row", { name: /Art\. 12\.3 Overtime/ });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell").nth(0)).toHaveText("3");
  await expect(row.getByRole("cell").nth(2)).toHaveText("1");
  await expectAccessible(page);

  // Its CSV.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    articles.getByRole("button", { name: /CSV/ }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^by-article-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = readFileSync((await download.path()) ?? "", "utf8");
  expect(csv.split("\r\n")[0]).toBe(
    "Article,Filed,Still open,Closed,Granted,Settled,Denied,Withdrawn,Median days to close",
  );
  expect(csv).toContain("Art. 12.3 Overtime,3,2,1,1,0,0,0,0\r\n");

  // On a phone, in dark mode: the page still reads.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await expect(months.locator(".recharts-surface").first()).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: "test-results/screens/reports-phone-dark.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: "light" });

  // The member sees neither the pattern nor the page.
  const memberPage = await open(member, "/dashboard");
  await expect(memberPage.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
  await expect(memberPage.getByTestId("pattern")).toHaveCount(0);
  await memberPage.goto("/reports");
  await expect(memberPage.getByRole("heading", { name: "Access Denied" })).toBeVisible();

  // The pattern on the steward's dashboard.
  await page.goto("/dashboard");
  const today = new Date().toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    timeZone: "America/New_York",
  });
  const card = page.getByTestId("pattern");
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(
    `Pattern: 3 grievances about Art. 12.3 Overtime in Transit since ${today}`,
  );
  await card.getByRole("button", { name: "Open the cases" }).click();
  for (const id of filed) await expect(card.getByRole("link", { name: id })).toBeVisible();
  await expectAccessible(page);

  // Filed as a policy grievance, citing the article and linking the cases.
  await card.getByRole("link", { name: "File a policy grievance" }).click();
  await expect(page).toHaveURL(/\/submit-grievance\?type=policy&articles=/);
  await expect(page.getByLabel("Grievance type")).toHaveValue("policy");
  const related = page.getByTestId("related-prefill");
  for (const id of filed) await expect(related).toContainText(id);
  await expect(page.getByRole("list", { name: "article list" }).getByRole("listitem")).toHaveText([
    "Art. 12.3 Overtime",
  ]);
  await page.getByLabel("Full name").fill("Sam Steward");
  await page.getByLabel("Badge number").fill("LOCAL-21");
  // A policy grievance has no individual grievant, so no job title (issue 30).
  await expect(page.getByLabel("Job title")).toHaveCount(0);
  await page.getByLabel("Department").selectOption("Transit");
  await page.getByLabel("Location").selectOption("North Garage");
  await page
    .getByLabel("What happened?")
    .fill("Overtime keeps going to junior drivers in Transit, against Art. 12.3.");
  await page.getByLabel("Remedy sought").fill("Follow the seniority list for all overtime.");
  await page.getByRole("button", { name: "Submit Grievance" }).click();
  await expect(page.getByText("Grievance Submitted")).toBeVisible();
  const list = await api<{ items: { id: string; type: string }[] }>(
    steward,
    "GET",
    "/api/grievances?type=policy",
  );
  expect(list.items).toHaveLength(1);
  const policy = await api<TGrievance>(steward, "GET", `/api/grievances/${list.items[0]?.id}`);
  expect(policy.articles).toEqual(["Art. 12.3 Overtime"]);
  expect([...policy.relatedIds].sort()).toEqual([...filed].sort());

  // Dismissed: gone, and stays gone (the policy grievance does not grow the pattern).
  await page.goto("/dashboard");
  await page
    .getByTestId("pattern")
    .getByRole("button", { name: /^Dismiss/ })
    .click();
  await expect(page.getByTestId("pattern")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: /Welcome back/ })).toBeVisible();
  await expect(page.getByTestId("pattern")).toHaveCount(0);
});
