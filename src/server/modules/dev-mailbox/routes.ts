import type { AppInstance } from "../../app.ts";
import { escapeHtml, html, raw } from "../../lib/html.ts";

/** The text, escaped, with its links made clickable (the only markup added to it). */
const linkify = (text: string) =>
  raw(escapeHtml(text).replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`));

/**
 * Development only (never registered in production, product-decisions.md 10): the mail the product
 * sent, newest first, so a newcomer without an SMTP server can open the verification link.
 */
export function devMailboxRoutes(app: AppInstance): void {
  app.get("/dev/mailbox", async (_request, reply) => {
    const mails = await app.deps.db
      .selectFrom("mailOutbox")
      .select(["id", "toAddress", "subject", "textBody", "status", "createdAt"])
      .orderBy("id", "desc")
      .limit(50)
      .execute();
    const items = mails.map(
      (m) => html`<article><h2>${m.subject}</h2>
<p class="meta">To ${m.toAddress} · ${new Date(m.createdAt).toLocaleString("en-US")} · ${m.status}</p>
<pre>${linkify(m.textBody)}</pre></article>\n`,
    );
    return reply
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .send(
        html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Development mailbox · UnionHall</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#111}
article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}
.meta{color:#666;font-size:.85rem}pre{white-space:pre-wrap;font-family:inherit}</style></head>
<body><h1>Development mailbox</h1><p>Mail sent while no <code>SMTP_URL</code> is set. This page does not exist in production.</p>
${items.length > 0 ? items : html`<p>No mail yet.</p>`}</body></html>`.toString(),
      );
  });
}
