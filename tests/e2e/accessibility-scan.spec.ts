// The suite's own `test` (fixtures.ts), as every spec: a file on another `test` needs a worker
// of its own, and the worker that ran it was torn down and a new one started (decision 023).
import { expect, test } from "./fixtures.ts";
import { axe, expectAccessible } from "./support.ts";

// The scan every page test relies on runs in the page (tests/e2e/support.ts): it still finds what
// it is there to find, a nameless button and grey-on-white text, and passes a page without them.
test("the accessibility scan fails on a planted violation and passes a clean page", async ({
  page,
}) => {
  await page.setContent(
    `<html lang="en"><head><title>Scan</title></head><body><main><h1>Scan</h1>
       <button id="nameless"><svg width="10" height="10"></svg></button>
       <p style="color:#bbb;background:#fff">Faint words nobody can read</p></main></body></html>`,
  );
  const failure = await expectAccessible(page).then(
    () => "",
    (error: Error) => error.message,
  );
  expect(failure).toContain("button-name: #nameless");
  expect(failure).toContain("color-contrast");
  // Its scope: one part of the page, all but a part, one rule.
  const ids = async (scope: Parameters<typeof axe>[1]) =>
    (await axe(page, scope)).violations.map((v) => v.id).sort();
  expect(await ids({ include: "h1" })).toEqual([]);
  expect(await ids({ include: "main" })).toEqual(["button-name", "color-contrast"]);
  expect(await ids({ exclude: "#nameless" })).toEqual(["color-contrast"]);
  expect(await ids({ rules: ["button-name"] })).toEqual(["button-name"]);

  await page.setContent(
    `<html lang="en"><head><title>Scan</title></head><body><main><h1>Scan</h1>
       <button>Save</button><p style="color:#222;background:#fff">Readable words</p></main></body></html>`,
  );
  await expectAccessible(page);
});
