import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { ZOrganizationConfigInput } from "../../../shared/schemas/organizations.ts";

/**
 * Issue 30: 'Too big: expected string to have <=100 characters' reached people on organization
 * and list names. Every limit a shared schema sets says what is wrong in plain words of its own
 * (which the messages catalogue translates; messages.test.ts): zod's default
 * wording must never be the message. This reads the schemas with the TypeScript parser and
 * fails on a limit written without a message.
 */
const LIMITS = new Set(["min", "max", "length", "nonempty", "gt", "gte", "lt", "lte", "regex"]);
/** The limit's own arguments; one more is the message. */
const ARITY: Record<string, number> = { nonempty: 0 };

function limitsWithoutMessage(file: string, source = readFileSync(file, "utf8")): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      LIMITS.has(node.expression.name.text) &&
      // A zod chain (`z.string().max(100)`), not `Math.max(a, b)`.
      !/^Math\b/.test(node.expression.expression.getText(sf))
    ) {
      const method = node.expression.name.text;
      if (node.arguments.length <= (ARITY[method] ?? 1)) {
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        found.push(
          `${path.basename(file)}:${line} .${method}(${node.arguments[0]?.getText(sf) ?? ""})`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const dir = path.resolve(import.meta.dirname, "../../../shared/schemas");
const schemaFiles = readdirSync(dir)
  .filter((name) => /\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name))
  .map((name) => path.join(dir, name));

describe("every limit of a shared schema has a plain message (issue 30)", () => {
  it("finds a limit written without one (positive control)", () => {
    // Parsed from text, never run: a limit without a message, then two with one.
    const text = 'z.string().trim().max(100);\nz.string().min(1, "Say it.").max(9, "Too long.");\n';
    expect(limitsWithoutMessage("probe.ts", text)).toEqual(["probe.ts:1 .max(100)"]);
    expect(schemaFiles.length).toBeGreaterThan(15);
  });

  it("has no limit without a message", () => {
    expect(schemaFiles.flatMap((file) => limitsWithoutMessage(file))).toEqual([]);
  });

  it("says an organization's name or a list entry too long in plain words", () => {
    const result = ZOrganizationConfigInput.safeParse({
      name: "N".repeat(121),
      jobTitles: ["J".repeat(300)],
      departments: [],
      locations: [],
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((i) => i.message) ?? [];
    expect(messages).toEqual([
      "Organization name must be at most 120 characters",
      "Entries must be at most 100 characters",
    ]);
    for (const m of messages) expect(m).not.toMatch(/^(Too big|Too small|Invalid)/);
  });
});
