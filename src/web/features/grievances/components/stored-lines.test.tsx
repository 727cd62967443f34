import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { line, type TextLine } from "../../../../shared/i18n/text-lines.ts";
import type { TDeadline, TLogEntry } from "../../../../shared/schemas/grievances.ts";
import { switchLanguage } from "../../../lib/i18n.ts";
import { ActivityLog } from "./ActivityLog.tsx";
import { StepTimeline } from "./StepTimeline.tsx";

/** The server sends each entry's line and its English; the browser renders the line. */
const entry = (id: string, l: TextLine, action: string): TLogEntry => ({
  id,
  user: "Sam Steward",
  role: "steward",
  avatar: null,
  time: "2026-12-08T15:00:00Z",
  line: l,
  action,
  internal: false,
});
const step2 = { index: 1, name: "Step 2" };
const log = [
  entry(
    "1",
    line("escalatedTo", { step: step2, note: "the manager never answered" }),
    "Escalated to Step 2: the manager never answered",
  ),
  entry("2", line("comment", { text: "Call me (after 5pm)" }), "Comment: Call me (after 5pm)"),
  entry(
    "3",
    line("text", { text: "Something the server said long ago" }),
    "Something the server said long ago",
  ),
];

const lines: TextLine[] = [
  line("line.computed", {
    heading: { kind: "appeal", step: step2 },
    limit: { days: 10, dayType: "business" },
    day: "2026-12-08",
    from: "answerReceived",
  }),
  line("line.skippedWeekend", { from: "2026-12-12", to: "2026-12-13" }),
  line("line.due", { day: "2026-12-22" }),
];
const english = [
  "Union appeal to Step 2: 10 business days from Tue 8 Dec 2026 (answer received)",
  "skipped weekend 12 to 13 Dec",
  "due Tue 22 Dec 2026",
];
const deadline: TDeadline = {
  id: "d1",
  kind: "appeal",
  step: { index: 0, name: "Step 1" },
  dueDate: "2026-12-22",
  state: "open",
  extendedFrom: null,
  lines,
  // The API's English: deliberately not what the browser shows, which is the lines'.
  explanation: ["(the API's English)", "(the API's English)", "(the API's English)"],
  closedOn: null,
};
const timeline = () =>
  render(
    <StepTimeline
      steps={[
        { index: 0, name: "Step 1" },
        { index: 1, name: "Step 2" },
      ]}
      currentStep={0}
      closed={false}
      deadlines={[deadline]}
      answers={[
        {
          step: { index: 0, name: "Step 1" },
          receivedOn: "2026-12-08",
          decision: "denied",
          text: "",
          line: line("deemedDenied", { day: "2026-12-08" }),
        },
      ]}
      today="2026-12-10"
    />,
  );

describe("the server's lines on a grievance (issue 31)", () => {
  afterEach(() => switchLanguage("en"));

  it("English reads as the server used to store it", async () => {
    render(<ActivityLog entries={log} />);
    for (const e of log) expect(screen.getByText(e.action)).toBeDefined();
    timeline();
    await userEvent.click(screen.getByRole("button", { name: "How was this computed?" }));
    for (const l of english) expect(screen.getByText(l)).toBeDefined();
    expect(
      screen.getByText("No answer by Tue 8 Dec 2026: deemed denied under the agreement"),
    ).toBeDefined();
  });

  it("Spanish reads them in Spanish, with what people typed as typed", async () => {
    await switchLanguage("es");
    render(<ActivityLog entries={log} />);
    expect(screen.getByText("Escalada a Paso 2: the manager never answered")).toBeDefined();
    expect(screen.getByText("Comentario: Call me (after 5pm)")).toBeDefined();
    expect(screen.getByText("Something the server said long ago")).toBeDefined();
    timeline();
    await userEvent.click(screen.getByRole("button", { name: "¿Cómo se calculó?" }));
    expect(
      screen.getByText(
        "Apelación del sindicato a Paso 2: 10 días hábiles desde el mar, 8 de dic de 2026 (respuesta recibida)",
      ),
    ).toBeDefined();
    expect(screen.getByText("se omitió el fin de semana del 12–13 de dic")).toBeDefined();
    expect(screen.getByText("vence el mar, 22 de dic de 2026")).toBeDefined();
    expect(
      screen.getByText(
        "Sin respuesta al mar, 8 de dic de 2026: se considera denegada según el contrato colectivo",
      ),
    ).toBeDefined();
  });
});
