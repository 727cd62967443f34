import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No user-facing text outside the catalogues (issue 22, decision 024). Every web source file,
 * and the server files that write mails, the case file and the calendar feed, are read with
 * the TypeScript parser; a test per file fails on:
 *  - text between JSX tags ("<p>Save</p>");
 *  - a text attribute given as a literal (placeholder, title, alt, aria-label, label...);
 *  - a string that reads as words for a person: it starts with a capital and a lowercase letter
 *    ("Sign-up successful!"), or holds two words in a mail file.
 * Not counted: the arguments of t()/i18nKey, imports, types, object keys, thrown Errors and
 * console output (for developers), brand names, and a line after `// i18n-ignore: why`.
 */
const ROOT = path.resolve(import.meta.dirname);

/** Server files whose words reach a person: mails, case file, calendar, employer page. */
const SERVER_TEXT_FILES = [
  "server/lib/mail/templates.ts",
  "server/modules/announcements/mail.ts",
  "server/modules/billing/mail.ts",
  "server/modules/public-site/mails.ts",
  "server/modules/employer/mail.ts",
  "server/modules/grievances/mail.ts",
  "server/modules/deadlines/reminder-mail.ts",
  "server/modules/deadlines/calendar.ts",
  "server/modules/grievances/case-file.ts",
  "server/lib/i18n/days.ts",
  "server/modules/deadlines/reminders.ts",
  "server/modules/grievances/missed-deadlines.ts",
  "server/modules/billing/trial-notices.ts",
  "server/modules/billing/state.ts",
  "server/modules/announcements/service.ts",
];

const TEXT_ATTRIBUTES = new Set([
  "placeholder",
  "title",
  "alt",
  "aria-label",
  "aria-description",
  "aria-valuetext",
  "label",
  "description",
  "heading",
  "message",
  "emptyMessage",
  "confirmLabel",
  "cancelLabel",
  "subtitle",
  "hint",
]);

/** Names and words that are the same in every language. */
const ALLOWED = new Set([
  "UnionHall",
  "Stripe",
  "English",
  "Español",
  "Google",
  "Microsoft",
  "Authenticator",
  "Content-Type",
  "Accept",
  "Accept-Language",
]);

const TRANSLATE_CALLS = new Set(["t", "i18n.t", "translateMessage", "Trans"]);
const DEVELOPER_CALLS = /^(console\.\w+|Error|TypeError|RangeError|new Error|invariant)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "test" ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const hasWords = (text: string) => /[A-Za-z]{2,}/.test(text);
const readsAsWords = (text: string) => /^[A-Z][a-z]/.test(text.trim());
const twoWords = (text: string) => /[A-Za-z]{2,}[,.]?\s+[A-Za-z]{2,}/.test(text);
const isCss = (text: string) => /[a-z-]+:[^;]+;?/.test(text) && !/\s[A-Z]/.test(text);
/** A Kysely table or column alias: 'memberships as m', 'o.name as orgName'. */
const isAlias = (text: string) => /^[\w.]+ as \w+$/.test(text.trim());
const isCode = (text: string) => isCss(text) || isAlias(text);
const allowed = (text: string) => ALLOWED.has(text.trim()) || text.trim().length === 0;

function calleeName(node: ts.CallExpression | ts.NewExpression): string {
  return node.expression.getText();
}

/** The literal's place makes it code, not text (an import, a type, a key, a t() argument...). */
function exempt(node: ts.Node): boolean {
  for (let cur: ts.Node | undefined = node.parent; cur; cur = cur.parent) {
    if (ts.isImportDeclaration(cur) || ts.isExportDeclaration(cur)) return true;
    if (ts.isLiteralTypeNode(cur) || ts.isTypeNode(cur)) return true;
    if (ts.isCallExpression(cur) || ts.isNewExpression(cur)) {
      const name = calleeName(cur);
      if (TRANSLATE_CALLS.has(name) || name.endsWith(".t")) return true;
      if (DEVELOPER_CALLS.test(name) || /Error$/.test(name)) return true;
    }
    if (ts.isThrowStatement(cur)) return true;
    // SQL in Kysely's sql`...` tag is code, whatever its keywords.
    if (ts.isTaggedTemplateExpression(cur) && cur.tag.getText() === "sql") return true;
    if (ts.isJsxAttribute(cur) && cur.name.getText() === "i18nKey") return true;
    if (ts.isBlock(cur) || ts.isSourceFile(cur)) break;
  }
  const parent = node.parent;
  if (parent && ts.isPropertyAssignment(parent) && parent.name === node) return true;
  if (parent && ts.isElementAccessExpression(parent)) return true;
  if (parent && ts.isBinaryExpression(parent)) {
    const op = parent.operatorToken.kind;
    if (
      op === ts.SyntaxKind.EqualsEqualsEqualsToken ||
      op === ts.SyntaxKind.ExclamationEqualsEqualsToken
    )
      return true;
  }
  if (parent && ts.isCaseClause(parent)) return true;
  return false;
}

function untranslated(file: string, source: string): string[] {
  const mail = !file.endsWith(".tsx") && !file.includes(`web${path.sep}`);
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const lines = source.split("\n");
  const ignored = (node: ts.Node) => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
    return /i18n-ignore/.test(lines[line - 1] ?? "") || /i18n-ignore/.test(lines[line] ?? "");
  };
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    if (ignored(node)) return;
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    found.push(`${line}: ${text.trim().slice(0, 60)}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (hasWords(node.text) && !allowed(node.text)) report(node, node.text);
    } else if (
      ts.isJsxAttribute(node) &&
      node.initializer &&
      ts.isStringLiteral(node.initializer)
    ) {
      const name = node.name.getText();
      const text = node.initializer.text;
      if (TEXT_ATTRIBUTES.has(name) && hasWords(text) && !allowed(text)) report(node, text);
      return;
    } else if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) {
      const text = node.text;
      const words = mail ? twoWords(text) && !isCode(text) : readsAsWords(text);
      if (words && !allowed(text) && !exempt(node)) report(node, text);
    } else if (ts.isTemplateExpression(node)) {
      const parts = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)];
      const words = parts.some((p) => (mail ? twoWords(p) && !isCode(p) : readsAsWords(p)));
      if (words && !exempt(node)) report(node, parts.join("…"));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const files = [
  ...sourceFiles(path.join(ROOT, "web")),
  ...SERVER_TEXT_FILES.map((f) => path.join(ROOT, f)),
];

describe("user-facing text goes through the translation function (issue 22)", () => {
  it("the check finds text written in JSX, a text attribute and a toast (positive control)", () => {
    const bad = `export const A = () => <p title="Open it">Save<b>{t("x")}</b></p>;
      toast.success("Sign-up successful!");
      const ok = t("common.save"); const cls = "flex items-center";
      // i18n-ignore: the brand's own spelling
      const brand = "Made in USA";`;
    expect(untranslated("web/x.tsx", bad)).toEqual([
      "1: Open it",
      "1: Save",
      "2: Sign-up successful!",
    ]);
  });

  it("the mail rule finds a sentence but not SQL, an alias or CSS (positive control)", () => {
    const mail = `const a = "Your grievance has an update";
      const q = sql\`SELECT * FROM due_reminders(\${at})\`; const j = "memberships as m";
      const css = "font-size:12px;color:#777";
      const b = \`Update on grievance \${id}\`;`;
    expect(untranslated("server/x/mail.ts", mail)).toEqual([
      "1: Your grievance has an update",
      "4: Update on grievance …",
    ]);
  });

  for (const file of files) {
    it(path.relative(ROOT, file), () => {
      expect(untranslated(file, readFileSync(file, "utf8"))).toEqual([]);
    });
  }
});
