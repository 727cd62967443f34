import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Finds the English messages an API answer can carry (issue 22), by reading the source with the
 * TypeScript parser: the zod messages of the shared schemas and the messages of the server's
 * errors. The messages catalogue must translate each; see messages.test.ts. Development only.
 */

export interface FoundMessage {
  text: string;
  /** 'src/server/...ts:12' */
  at: string;
}

export interface MessageScan {
  /** Every literal message, as the API sends it. */
  messages: FoundMessage[];
  /** Messages built at run time from values a reader cannot list (a name, a path). */
  dynamic: FoundMessage[];
}

const SRC = path.resolve(import.meta.dirname, "../../..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(name) && !/\.(test|d)\.ts$/.test(name) ? [full] : [];
  });
}

/** zod methods whose last argument may be the message ('.min(2, "Too short")'). */
const ZOD_METHODS = new Set([
  "min",
  "max",
  "length",
  "regex",
  "refine",
  "email",
  "url",
  "uuid",
  "int",
  "number",
  "string",
  "boolean",
  "enum",
  "nonempty",
  "gt",
  "gte",
  "lt",
  "lte",
  "positive",
  "nonnegative",
  "startsWith",
  "endsWith",
  "includes",
  "array",
  "object",
  "strictObject",
  "iso",
  "date",
  "datetime",
]);

/** Server functions that make an error from a message, and the message's argument. */
const ERROR_MAKERS: Record<string, number> = {
  AppError: 2,
  RateLimitedError: 0,
  notFound: 0,
  // A message translated where it is sent (the 408 of plugins/hardening.ts).
  messageIn: 1,
};

class FileScan {
  readonly sf: ts.SourceFile;
  /** `const NAME = <expression>` at any level of the file, for resolving `throw bad(NAME)`. */
  readonly consts = new Map<string, ts.Expression>();
  constructor(
    readonly file: string,
    readonly out: MessageScan,
  ) {
    this.sf = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        this.consts.set(node.name.text, node.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(this.sf);
  }

  at(node: ts.Node): string {
    const line = this.sf.getLineAndCharacterOfPosition(node.getStart(this.sf)).line + 1;
    return `${path.relative(SRC, this.file)}:${line}`;
  }

  /**
   * Every text an expression can have, when it is built of this file's constants: a literal, a
   * template whose parts are constants, a constant object's entry (`ACTION[status]`: each value),
   * or a parameter of the enclosing function given a literal at each call (`mustBeOpen(g, "be
   * served")`). Null when a part is a run-time value (a name, an id).
   */
  evaluate(node: ts.Expression): string[] | null {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
    if (ts.isNumericLiteral(node)) return [node.text.replaceAll("_", "")];
    if (
      ts.isParenthesizedExpression(node) ||
      ts.isAsExpression(node) ||
      ts.isSatisfiesExpression(node)
    )
      return this.evaluate(node.expression);
    if (ts.isIdentifier(node)) {
      const value = this.consts.get(node.text);
      if (value) return this.evaluate(value);
      return this.parameterValues(node);
    }
    if (ts.isElementAccessExpression(node) && ts.isIdentifier(node.expression)) {
      let table = this.consts.get(node.expression.text);
      while (table && (ts.isAsExpression(table) || ts.isSatisfiesExpression(table)))
        table = table.expression;
      if (!table || !ts.isObjectLiteralExpression(table)) return null;
      const values: string[] = [];
      for (const p of table.properties) {
        const v = ts.isPropertyAssignment(p) ? this.evaluate(p.initializer) : null;
        if (!v) return null;
        values.push(...v);
      }
      return values;
    }
    // `MAX.toLocaleString("en-US")`, `LIST.join(", ")` of this file's constants.
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      let target = ts.isIdentifier(node.expression.expression)
        ? this.consts.get(node.expression.expression.text)
        : undefined;
      while (target && (ts.isAsExpression(target) || ts.isSatisfiesExpression(target)))
        target = target.expression;
      const arg = node.arguments[0];
      if (method === "toLocaleString" && target && ts.isNumericLiteral(target)) {
        return [Number(target.text.replaceAll("_", "")).toLocaleString("en-US")];
      }
      if (method === "join" && target && ts.isArrayLiteralExpression(target) && arg) {
        const sep = this.evaluate(arg);
        const items = target.elements.map((e) => this.evaluate(e as ts.Expression));
        if (sep?.length === 1 && items.every((i) => i?.length === 1)) {
          return [items.map((i) => i?.[0]).join(sep[0])];
        }
      }
      return null;
    }
    if (ts.isTemplateExpression(node)) {
      let texts = [node.head.text];
      for (const span of node.templateSpans) {
        const values = this.evaluate(span.expression);
        if (values === null) return null;
        texts = texts.flatMap((t) => values.map((v) => t + v + span.literal.text));
      }
      return texts;
    }
    return null;
  }

  /** A parameter's values: the literal given at each call of its function in this file. */
  private parameterValues(node: ts.Identifier): string[] | null {
    let fn: ts.Node | undefined = node.parent;
    while (fn && !ts.isFunctionLike(fn)) fn = fn.parent;
    if (!fn || !ts.isFunctionLike(fn)) return null;
    const index = fn.parameters.findIndex((p) => p.name.getText(this.sf) === node.text);
    const name =
      ts.isFunctionDeclaration(fn) && fn.name
        ? fn.name.text
        : ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)
          ? fn.parent.name.text
          : null;
    if (index < 0 || !name) return null;
    const values: string[] = [];
    let unknown = false;
    const visit = (n: ts.Node) => {
      if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === name) {
        const arg = n.arguments[index];
        const v = arg && (ts.isStringLiteral(arg) || ts.isNoSubstitutionTemplateLiteral(arg));
        if (v) values.push(arg.text);
        else unknown = true;
      }
      ts.forEachChild(n, visit);
    };
    visit(this.sf);
    return unknown || values.length === 0 ? null : values;
  }

  /**
   * The message(s) an expression can be: a literal, a template of constants, either branch of a
   * condition, a constant of this file. A parameter or a property (`Messages.x`, collected from
   * its object) is not followed.
   */
  collect(node: ts.Expression, seen = new Set<ts.Node>()): void {
    if (seen.has(node)) return;
    seen.add(node);
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) {
      this.collect(node.expression, seen);
    } else if (ts.isConditionalExpression(node)) {
      this.collect(node.whenTrue, seen);
      this.collect(node.whenFalse, seen);
    } else if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) {
        this.collect(node.left, seen);
        this.collect(node.right, seen);
      }
    } else if (ts.isIdentifier(node)) {
      const value = this.consts.get(node.text);
      if (value) this.collect(value, seen);
    } else if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node)
    ) {
      const texts = this.evaluate(node);
      if (texts === null) this.out.dynamic.push({ text: node.getText(this.sf), at: this.at(node) });
      for (const text of texts ?? []) {
        if (/[A-Za-z]{2}/.test(text)) this.out.messages.push({ text, at: this.at(node) });
      }
    } else if (ts.isObjectLiteralExpression(node)) {
      for (const p of node.properties) {
        if (ts.isPropertyAssignment(p)) this.collect(p.initializer, seen);
        else if (ts.isShorthandPropertyAssignment(p)) this.collect(p.name, seen);
      }
    }
  }

  /** Every string of a `...Messages` / `..._MESSAGES` object, nested objects included. */
  messageObjects(): void {
    for (const [name, value] of this.consts) {
      if (!/(Messages|MESSAGES)$/.test(name)) continue;
      let object: ts.Expression = value;
      while (ts.isAsExpression(object) || ts.isSatisfiesExpression(object))
        object = object.expression;
      if (!ts.isObjectLiteralExpression(object)) continue;
      const walk = (o: ts.ObjectLiteralExpression) => {
        for (const p of o.properties) {
          if (!ts.isPropertyAssignment(p)) continue;
          const v = p.initializer;
          if (ts.isObjectLiteralExpression(v)) walk(v);
          else if (ts.isArrowFunction(v) || ts.isFunctionExpression(v)) {
            this.out.dynamic.push({ text: `${name}.${p.name.getText(this.sf)}()`, at: this.at(v) });
          } else this.collect(v);
        }
      };
      walk(object);
    }
  }

  /** zod's message positions: `{ message }`, `{ error }`, a method's last string argument. */
  zodMessages(): void {
    const visit = (node: ts.Node) => {
      if (
        ts.isPropertyAssignment(node) &&
        ["message", "error"].includes(node.name.getText(this.sf)) &&
        ts.isObjectLiteralExpression(node.parent)
      ) {
        this.literalOnly(node.initializer);
      }
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        ZOD_METHODS.has(node.expression.name.text)
      ) {
        const last = node.arguments.at(-1);
        if (last) this.literalOnly(last);
      }
      ts.forEachChild(node, visit);
    };
    visit(this.sf);
  }

  /** In a schema, only literal text counts (a parameter or `Messages.x` is collected elsewhere). */
  private literalOnly(node: ts.Expression): void {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateExpression(node) ||
      ts.isConditionalExpression(node)
    ) {
      this.collect(node);
    }
  }

  /**
   * The server's errors: `new AppError(status, code, message, fields)`, `notFound(message)`,
   * and any function of the file that passes its parameter on as an error's message
   * (`const conflict = (message) => new AppError(409, "CONFLICT", message)`).
   */
  serverErrors(makers: Map<string, number>): void {
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
        const callee = node.expression;
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : "";
        const index = makers.get(name);
        const args = node.arguments ?? ts.factory.createNodeArray();
        if (index !== undefined) {
          const message = args[index];
          if (message) this.collect(message);
          const fields = name === "AppError" ? args[3] : undefined;
          if (fields && ts.isObjectLiteralExpression(fields)) this.collect(fields);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(this.sf);
  }

  /** The names this file imports. */
  importedNames(): Set<string> {
    const names = new Set<string>();
    for (const statement of this.sf.statements) {
      const bindings = ts.isImportDeclaration(statement)
        ? statement.importClause?.namedBindings
        : undefined;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) names.add(element.name.text);
      }
    }
    return names;
  }

  /** Functions of this file that hand a parameter to an error maker, with its position. */
  makers(known: Map<string, number>): Map<string, number> {
    const found = new Map<string, number>();
    const check = (name: string, fn: ts.SignatureDeclaration & { body?: ts.Node }) => {
      const params = fn.parameters.map((p) => p.name.getText(this.sf));
      const inner = (node: ts.Node) => {
        if (ts.isCallExpression(node) || ts.isNewExpression(node)) {
          const callee = node.expression;
          const index = ts.isIdentifier(callee) ? known.get(callee.text) : undefined;
          const arg = index === undefined ? undefined : node.arguments?.[index];
          if (arg && ts.isIdentifier(arg) && params.includes(arg.text)) {
            const index = params.indexOf(arg.text);
            found.set(name, index);
            // `notFound = (message = "Not found") => ...`: the default is a message too.
            const fallback = fn.parameters[index]?.initializer;
            if (fallback) this.collect(fallback);
          }
        }
        ts.forEachChild(node, inner);
      };
      if (fn.body) inner(fn.body);
    };
    const visit = (node: ts.Node) => {
      if (ts.isFunctionDeclaration(node) && node.name) check(node.name.text, node);
      if (
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.initializer &&
        (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))
      ) {
        check(node.name.text, node.initializer);
      }
      ts.forEachChild(node, visit);
    };
    visit(this.sf);
    return found;
  }
}

/** Fastify's and the error handler's own messages: string literals of plugins/errors.ts tables and replies. */
function errorHandlerMessages(scan: FileScan): void {
  const visit = (node: ts.Node) => {
    if (ts.isArrayLiteralExpression(node) && node.elements.length === 3) {
      const last = node.elements[2];
      if (last && ts.isStringLiteral(last)) scan.collect(last);
    }
    if (ts.isCallExpression(node) && node.expression.getText(scan.sf) === "body") {
      const message = node.arguments[1];
      if (message) scan.collect(message);
    }
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken
    ) {
      scan.collect(node.right);
    }
    if (ts.isPropertyAssignment(node) && node.name.getText(scan.sf) === "message") {
      scan.collect(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(scan.sf);
}

export function scanMessages(): MessageScan {
  const out: MessageScan = { messages: [], dynamic: [] };
  for (const file of sourceFiles(path.join(SRC, "shared", "schemas"))) {
    const scan = new FileScan(file, out);
    scan.messageObjects();
    scan.zodMessages();
  }
  const serverFiles = sourceFiles(path.join(SRC, "server")).map((f) => new FileScan(f, out));
  for (const scan of serverFiles) {
    scan.messageObjects();
    const makers = new Map(Object.entries(ERROR_MAKERS));
    // A maker of a maker (`badRelated` calls AppError): two rounds find both.
    for (let round = 0; round < 2; round += 1) {
      for (const [name, index] of scan.makers(makers)) makers.set(name, index);
    }
    // The handler's own messages, the JSON of a timed-out request, a NUL in a body.
    if (/plugins[/\\](errors|hardening)\.ts$/.test(scan.file)) errorHandlerMessages(scan);
    scan.serverErrors(makers);
  }
  // Makers exported by one file and imported by another (`conflict` of grievances/lock.ts).
  const exported = new Map<string, number>();
  for (const scan of serverFiles) {
    const own = scan.makers(new Map(Object.entries(ERROR_MAKERS)));
    for (const [name, index] of own) {
      if (new RegExp(`export (const|function) ${name}\\b`).test(scan.sf.text)) {
        exported.set(name, index);
      }
    }
  }
  for (const scan of serverFiles) {
    const imported = new Map(
      [...scan.importedNames()].flatMap((name) => {
        const index = exported.get(name);
        return index === undefined ? [] : [[name, index] as const];
      }),
    );
    if (imported.size > 0) scan.serverErrors(imported);
  }
  const unique = (list: FoundMessage[]) =>
    [...new Map(list.map((m) => [m.text, m])).values()].sort((a, b) =>
      a.text.localeCompare(b.text),
    );
  return { messages: unique(out.messages), dynamic: unique(out.dynamic) };
}
