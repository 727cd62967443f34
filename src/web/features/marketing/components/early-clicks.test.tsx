import { describe, expect, it, vi } from "vitest";
import { holdEarlyClicks } from "./early-clicks.ts";

describe("holdEarlyClicks (issue 15: a click before the code arrives is not lost)", () => {
  it("holds the click, asks for the code, and plays the click once the part is live", async () => {
    document.body.innerHTML = `<section><label><input type="checkbox" id="annual"> Annual</label></section>`;
    const section = document.querySelector("section") as HTMLElement;
    const box = document.getElementById("annual") as HTMLInputElement;
    const wanted = vi.fn();
    const hold = holdEarlyClicks(section, wanted);
    const handled = vi.fn();
    box.addEventListener("click", () => handled(box.checked));

    box.click(); // before the code: neither the browser nor a handler acts on it
    expect(box.checked).toBe(false);
    expect(handled).not.toHaveBeenCalled();
    expect(wanted).toHaveBeenCalledTimes(1);

    hold.live();
    await new Promise((r) => setTimeout(r, 5));
    expect(box.checked).toBe(true);
    expect(handled).toHaveBeenCalledWith(true);

    box.click(); // once live, clicks are the page's own
    expect(box.checked).toBe(false);
    expect(handled).toHaveBeenCalledTimes(2);
  });

  it("plays nothing when nothing was clicked", async () => {
    document.body.innerHTML = `<section><button type="button">Start</button></section>`;
    const section = document.querySelector("section") as HTMLElement;
    const onClick = vi.fn();
    section.querySelector("button")?.addEventListener("click", onClick);
    holdEarlyClicks(section, () => {}).live();
    await new Promise((r) => setTimeout(r, 5));
    expect(onClick).not.toHaveBeenCalled();
  });
});
