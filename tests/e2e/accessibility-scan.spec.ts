import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support.ts";

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

  await page.setContent(
    `<html lang="en"><head><title>Scan</title></head><body><main><h1>Scan</h1>
       <button>Save</button><p style="color:#222;background:#fff">Readable words</p></main></body></html>`,
  );
  await expectAccessible(page);
});
