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

  it("comes before a listener on an outer element that stops the click (React's root does)", async () => {
    document.body.innerHTML = `<div id="root"><section><button type="button">Start</button></section></div>`;
    const root = document.getElementById("root") as HTMLElement;
    const section = document.querySelector("section") as HTMLElement;
    const button = section.querySelector("button") as HTMLButtonElement;
    const rootSaw = vi.fn();
    root.addEventListener(
      "click",
      (e) => {
        rootSaw();
        e.stopPropagation();
      },
      true,
    );
    const hold = holdEarlyClicks(section, () => {});
    button.click();
    expect(rootSaw).not.toHaveBeenCalled();
    hold.live();
    await new Promise((r) => setTimeout(r, 5));
    expect(rootSaw).toHaveBeenCalledTimes(1);
  });

  it("leaves clicks elsewhere alone", () => {
    document.body.innerHTML = `<section></section><button type="button">Elsewhere</button>`;
    const section = document.querySelector("section") as HTMLElement;
    const wanted = vi.fn();
    const hold = holdEarlyClicks(section, wanted);
    const other = vi.fn();
    const button = document.querySelector("button") as HTMLButtonElement;
    button.addEventListener("click", other);
    button.click();
    expect(other).toHaveBeenCalledTimes(1);
    expect(wanted).not.toHaveBeenCalled();
    hold.dispose();
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

  it("plays a held click on the element now in its place when the part was rendered afresh", async () => {
    document.body.innerHTML = `<section><div><p>Plans</p><button type="button">Apply Now</button></div></section>`;
    const section = document.querySelector("section") as HTMLElement;
    const hold = holdEarlyClicks(section, () => {});
    (section.querySelector("button") as HTMLButtonElement).click();
    // The code arrives and renders the part again instead of adopting its HTML.
    section.innerHTML = `<div><p>Plans</p><button type="button">Apply Now</button></div>`;
    const fresh = section.querySelector("button") as HTMLButtonElement;
    const onClick = vi.fn();
    fresh.addEventListener("click", onClick);
    hold.live();
    await new Promise((r) => setTimeout(r, 5));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("drops a held click whose place now holds another kind of element", async () => {
    document.body.innerHTML = `<section><div><button type="button">Apply Now</button></div></section>`;
    const section = document.querySelector("section") as HTMLElement;
    const hold = holdEarlyClicks(section, () => {});
    (section.querySelector("button") as HTMLButtonElement).click();
    section.innerHTML = `<div><a href="#x">Elsewhere</a></div>`;
    const onClick = vi.fn();
    section.querySelector("a")?.addEventListener("click", onClick);
    hold.live();
    await new Promise((r) => setTimeout(r, 5));
    expect(onClick).not.toHaveBeenCalled();
  });
});
