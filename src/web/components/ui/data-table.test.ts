import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { type Column, DataTable, nextSort, RowCards } from "./DataTable.tsx";

interface Row {
  id: string;
  name: string;
  dept: string;
}

const COLUMNS: Column<Row>[] = [
  { header: "Name", cell: (r) => createElement("a", { href: `/rows/${r.id}` }, r.name) },
  { header: "Department", cell: (r) => r.dept },
  {
    header: "Actions",
    srOnlyHeader: true,
    actions: true,
    cell: (r) => createElement("button", { type: "button" }, `Edit ${r.name}`),
  },
];
const ROWS: Row[] = [
  { id: "1", name: "Ada", dept: "Welding" },
  { id: "2", name: "Bo", dept: "Paint" },
];

describe("RowCards", () => {
  const html = renderToStaticMarkup(createElement(RowCards<Row>, { columns: COLUMNS, rows: ROWS }));

  it("renders one card per row with the row's link and action", () => {
    expect(html.match(/data-testid="row-card"/g)).toHaveLength(2);
    expect(html).toContain('<a href="/rows/1">Ada</a>');
    expect(html).toContain("Edit Bo</button>");
  });

  it("labels each field, and not the lead field or the actions visibly", () => {
    expect(html).toContain('<dt class="text-muted-foreground">Department</dt>');
    expect(html).toContain('<dt class="sr-only">Name</dt>');
    expect(html).not.toContain(">Actions<");
  });
});

describe("DataTable", () => {
  it("renders cards, not a table, where no screen width is known", () => {
    const html = renderToStaticMarkup(
      createElement(DataTable<Row>, {
        columns: COLUMNS,
        rows: ROWS,
        loading: false,
        emptyMessage: "None",
      }),
    );
    expect(html).not.toContain("<table");
    expect(html.match(/data-testid="row-card"/g)).toHaveLength(2);
  });
});

describe("sorting", () => {
  it("starts a new column ascending and flips the same one", () => {
    expect(nextSort(undefined, "filed")).toEqual({ key: "filed", dir: "asc" });
    expect(nextSort({ key: "filed", dir: "asc" }, "filed")).toEqual({ key: "filed", dir: "desc" });
    expect(nextSort({ key: "filed", dir: "desc" }, "filed")).toEqual({ key: "filed", dir: "asc" });
    expect(nextSort({ key: "filed", dir: "desc" }, "subject")).toEqual({
      key: "subject",
      dir: "asc",
    });
    expect(nextSort({ key: "subject", dir: "asc" }, "filed", "desc")).toEqual({
      key: "filed",
      dir: "desc",
    });
  });
});
