import { describe, expect, it } from "vitest";
import { escapeHtml, html, raw } from "./html.ts";

describe("html", () => {
  it("escapes interpolated text, in elements and attributes", () => {
    const name = `<script>alert(1)</script>"&'`;
    expect(html`<p title="${name}">${name}</p>`.toString()).toBe(
      '<p title="&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;&#39;">&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;&#39;</p>',
    );
  });

  it("keeps nested html and raw() as they are, and escapes each item of a list", () => {
    const items = ["<a>", "b&c"].map((i) => html`<li>${i}</li>`);
    expect(html`<ul>${items}</ul>${raw("<hr>")}`.toString()).toBe(
      "<ul><li>&lt;a&gt;</li><li>b&amp;c</li></ul><hr>",
    );
    expect(html`${["<i>", raw("<b>")]}`.toString()).toBe("&lt;i&gt;<b>");
  });

  it("writes numbers, and nothing for null, undefined and false", () => {
    expect(html`${1}|${null}|${undefined}|${false}`.toString()).toBe("1|||");
  });

  it("escapes the five characters that matter", () => {
    expect(escapeHtml(`&<>"'x`)).toBe("&amp;&lt;&gt;&quot;&#39;x");
  });
});
