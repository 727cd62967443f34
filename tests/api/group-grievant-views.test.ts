import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markMissedDeadlines } from "../../src/server/modules/grievances/missed-deadlines.ts";
import { addDays } from "../../src/shared/deadline-engine/index.ts";
import type { TGrievance } from "../../src/shared/schemas/grievances.ts";
import { officeClock } from "../support/clock.ts";
import { grievanceBody } from "../support/deadlines.ts";
import { type EventStream, openEventStream, until } from "../support/event-stream.ts";
import { addPerson, createOrganization, type TestOrganization } from "../support/tenants.ts";
import {
  APP_URL,
  type MailTestApp,
  startTestAppWithMail,
  type TestClient,
} from "../support/test-app.ts";
import { multipart } from "../support/uploads.ts";

/**
 * A grievant of a group grievance meets it through every channel as the member who filed an
 * individual grievance meets theirs (product-decisions.md 13 and 31); a member who is neither
 * meets it nowhere, and a removed grievant loses it everywhere at once. Internal notes reach no
 * grievant (decision 28). Each test sets the grievant's group grievance beside the same
 * member's own filing and expects the same answer from both. The clock starts on Monday
 * 23 November 2026, 10:00 in New York (the default procedure's time zone).
 */
const clock = officeClock();
const setDay = clock.setDay;
let t: MailTestApp;
let base = "";
let org: TestOrganization;
type Person = TestOrganization["member"];
/** org.member is grievant A (and files their own individual grievance); B the second grievant. */
let grievantB: Person;
/** A member of the organization who is no grievant of anything here. */
let outsider: Person;

beforeAll(async () => {
  t = await startTestAppWithMail({ now: clock.now, streamRecheckMs: 200 });
  base = await t.app.listen({ port: 0, host: "127.0.0.1" });
  org = await createOrganization(t, "Group View Local");
  grievantB = await addPerson(t, org.id, "member", { name: "Second Grievant" });
  outsider = await addPerson(t, org.id, "member", { name: "Not A Grievant" });
});
afterAll(() => t.close());

/** `word` goes in the name: the search box matches name, badge number and department. */
const filing = (word: string, overrides: Record<string, unknown> = {}) =>
  grievanceBody({
    name: `Jordan Lee ${word}`,
    description: `Overtime was given out of seniority order (${word}).`,
    ...overrides,
  });

async function file(client: TestClient, word: string, overrides: Record<string, unknown> = {}) {
  const res = await client.post("/api/grievances", filing(word, overrides));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json() as TGrievance;
}

/** Grievant A's own filing and a group grievance of A and B, sharing `word`, filed the same day. */
async function pair(word: string) {
  const own = await file(org.member.client, word);
  const group = await file(org.steward.client, word, {
    type: "group",
    grievantIds: [org.member.id, grievantB.id],
  });
  return { own, group };
}

async function list(client: TestClient, query: string) {
  const res = await client.get(`/api/grievances?limit=100${query ? `&${query}` : ""}`);
  expect(res.statusCode, `${query}: ${res.body}`).toBe(200);
  const body = res.json() as { items: { id: string }[]; total: number };
  return { ids: body.items.map((i) => i.id), total: body.total };
}

const detail = async (client: TestClient, id: string) =>
  (await client.get(`/api/grievances/${id}`)).json() as TGrievance;

const mailTexts = async (person: Person) =>
  (await t.mailsTo(person.email)).map((m) => `${m.subject}\n${m.text}`);

function pdfText(pdf: Buffer): string {
  return execFileSync("pdftotext", ["-", "-"], { input: pdf })
    .toString("utf8")
    .replace(/\s+/g, " ");
}

async function attach(client: TestClient, id: string, filename: string) {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  return client.raw({
    method: "POST",
    url: `/api/grievances/${id}/attachments`,
    ...multipart({}, { filename, data: png }),
  });
}

const openStream = (client: TestClient) => openEventStream(base, client);
const heard = (s: EventStream, grievanceId: string, kind: string) =>
  s.received.some((e) => e.grievanceId === grievanceId && e.kind === kind);

describe("the tracker list", () => {
  it("lists the group grievance to each grievant under every filter and order their own filing passes", async () => {
    setDay("2026-11-23");
    const { own, group } = await pair("lanternfish");
    const queries = [
      "",
      "status=new",
      "q=lanternfish",
      "q=lanternfish&status=new",
      "q=lanternfish&sort=deadline",
      "q=lanternfish&sort=subject&order=desc",
      ...["filed", "deadline", "id", "subject", "status"].flatMap((s) => [
        `sort=${s}`,
        `sort=${s}&order=asc`,
        `sort=${s}&order=desc`,
      ]),
      "status=pending",
      "due=overdue",
      "due=week",
      "assignee=me",
    ];
    for (const query of queries) {
      const mine = await list(org.member.client, query);
      // Same status, words and running deadline: the grievant's own filing and the group
      // grievance pass or fail each filter together.
      expect(mine.ids.includes(group.id), query).toBe(mine.ids.includes(own.id));
      expect(mine.total, query).toBe(mine.ids.length);
      const b = await list(grievantB.client, query);
      expect(b.ids.includes(group.id), query).toBe(mine.ids.includes(own.id));
      expect((await list(outsider.client, query)).ids, query).not.toContain(group.id);
    }
    expect((await list(org.member.client, "")).ids).toEqual(
      expect.arrayContaining([own.id, group.id]),
    );
    expect((await list(org.member.client, "q=lanternfish")).ids.sort()).toEqual(
      [own.id, group.id].sort(),
    );
    expect((await list(grievantB.client, "q=lanternfish")).ids).toEqual([group.id]);
    expect((await list(outsider.client, "q=lanternfish")).total).toBe(0);

    const groups = await list(org.member.client, "type=group");
    expect(groups.ids).toContain(group.id);
    expect(groups.ids).not.toContain(own.id);
    const individuals = await list(org.member.client, "type=individual");
    expect(individuals.ids).toContain(own.id);
    expect(individuals.ids).not.toContain(group.id);

    // The due filters, on a day when the shared deadline is this week, then past.
    const due = (await detail(org.steward.client, group.id)).nextDeadline?.dueDate;
    expect(due).toBeTruthy();
    for (const [day, query] of [
      [addDays(due as string, -2), "due=week"],
      [addDays(due as string, 1), "due=overdue"],
    ] as const) {
      setDay(day);
      for (const person of [org.member, grievantB]) {
        expect((await list(person.client, query)).ids, `${query} on ${day}`).toContain(group.id);
      }
      expect((await list(org.member.client, query)).ids).toContain(own.id);
      expect((await list(outsider.client, query)).ids).not.toContain(group.id);
    }
    setDay("2026-11-23");
  });

  it("a search narrowed by type keeps the type: q with type=group lists no individual grievance", async () => {
    const { own, group } = await pair("quillwort");
    for (const client of [org.member.client, org.steward.client]) {
      const groups = await list(client, "q=quillwort&type=group");
      expect(groups.ids).toEqual([group.id]);
      expect(groups.total).toBe(1);
      const individuals = await list(client, "q=quillwort&type=individual");
      expect(individuals.ids).toEqual([own.id]);
    }
  });
});

describe("the grievance itself", () => {
  it("opens, comments on, attaches to and prints the group grievance for each grievant, 404 for anyone else", async () => {
    const { own, group } = await pair("marlinspike");
    for (const person of [org.member, grievantB]) {
      const g = await detail(person.client, group.id);
      expect(g.id).toBe(group.id);
      expect(g.isGrievant).toBe(true);
      expect(g.submittedByMe).toBe(false);
    }
    expect((await detail(org.member.client, own.id)).isGrievant).toBe(true);
    expect((await outsider.client.get(`/api/grievances/${group.id}`)).statusCode).toBe(404);

    // Comments: the grievant may comment as on their own filing; the others hear of it.
    const comment = await org.member.client.post(`/api/grievances/${group.id}/comments`, {
      text: "The roster for the night shift is posted in the break room.",
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect((await mailTexts(grievantB)).some((m) => m.includes("roster for the night shift"))).toBe(
      true,
    );
    expect(
      (await outsider.client.post(`/api/grievances/${group.id}/comments`, { text: "Me too?" }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await org.member.client.post(`/api/grievances/${group.id}/comments`, {
          text: "A note of mine",
          internal: true,
        })
      ).statusCode,
    ).toBe(403);

    // Attachments: upload by one grievant, download by the other, nothing for anyone else.
    const up = await attach(grievantB.client, group.id, "schedule.png");
    expect(up.statusCode, up.body).toBe(201);
    const attachmentId = (up.json() as { id: string }).id;
    const url = `/api/grievances/${group.id}/attachments/${attachmentId}`;
    expect((await org.member.client.get(url)).statusCode).toBe(200);
    expect((await outsider.client.get(url)).statusCode).toBe(404);
    expect((await attach(outsider.client, group.id, "nope.png")).statusCode).toBe(404);
    expect((await detail(org.member.client, group.id)).attachments.map((a) => a.id)).toContain(
      attachmentId,
    );

    // The case file.
    const pdf = await org.member.client.get(`/api/grievances/${group.id}/case-file.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain(`Case file ${group.id}`);
    expect(
      (await outsider.client.get(`/api/grievances/${group.id}/case-file.pdf`)).statusCode,
    ).toBe(404);
  });

  it("shows a grievant the links to grievances that are theirs, not to others'", async () => {
    const { own, group } = await pair("bowline");
    const someoneElse = await file(outsider.client, "bowline");
    for (const other of [own.id, someoneElse.id]) {
      const res = await org.steward.client.post(`/api/grievances/${group.id}/related`, {
        grievanceId: other,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    expect((await detail(org.steward.client, group.id)).relatedIds.sort()).toEqual(
      [own.id, someoneElse.id].sort(),
    );
    expect((await detail(org.member.client, group.id)).relatedIds).toEqual([own.id]);
    expect((await detail(grievantB.client, group.id)).relatedIds).toEqual([]);
    expect((await detail(org.member.client, own.id)).relatedIds).toEqual([group.id]);
    expect((await detail(outsider.client, someoneElse.id)).relatedIds).toEqual([]);
  });
});

describe("the dashboard", () => {
  it("counts the group grievance among each grievant's own and lists its activity", async () => {
    const before = (await org.member.client.get("/api/dashboard-stats")).json();
    const beforeB = (await grievantB.client.get("/api/dashboard-stats")).json();
    const beforeOutsider = (await outsider.client.get("/api/dashboard-stats")).json();
    const { own, group } = await pair("sheepshank");
    const after = (await org.member.client.get("/api/dashboard-stats")).json();
    expect(after.totalGrievances).toBe(before.totalGrievances + 2);
    expect(after.totalGrievances).toBe((await list(org.member.client, "")).total);
    expect((await grievantB.client.get("/api/dashboard-stats")).json().totalGrievances).toBe(
      beforeB.totalGrievances + 1,
    );
    expect((await outsider.client.get("/api/dashboard-stats")).json().totalGrievances).toBe(
      beforeOutsider.totalGrievances,
    );
    for (const id of [own.id, group.id]) {
      await org.steward.client.post(`/api/grievances/${id}/status`, {
        status: "pending",
        note: `Waiting on the employer (${id}).`,
      });
    }
    const pending = (await org.member.client.get("/api/dashboard-stats")).json();
    expect(pending.pendingGrievances).toBe(after.pendingGrievances + 2);

    const activity = async (client: TestClient) =>
      (
        (await client.get("/api/activity?limit=50")).json() as {
          items: { grievanceId: string; action: string }[];
        }
      ).items;
    for (const person of [org.member, grievantB]) {
      expect(
        (await activity(person.client)).some(
          (e) => e.grievanceId === group.id && e.action.includes("Waiting on the employer"),
        ),
      ).toBe(true);
    }
    expect((await activity(org.member.client)).some((e) => e.grievanceId === own.id)).toBe(true);
    expect((await activity(outsider.client)).some((e) => e.grievanceId === group.id)).toBe(false);
  });
});

describe("mails and actions", () => {
  it("tells each grievant named in a new group grievance, as it tells one added later", async () => {
    const before = {
      a: (await mailTexts(org.member)).length,
      b: (await mailTexts(grievantB)).length,
      outsider: (await mailTexts(outsider)).length,
      steward: (await t.mailsTo(org.steward.email)).length,
    };
    const group = await file(org.steward.client, "announced", {
      type: "group",
      grievantIds: [org.member.id, grievantB.id],
    });
    const told = (texts: string[]) =>
      texts.filter((m) => m.includes(group.id) && m.includes("You were added as a grievant"));
    expect(told((await mailTexts(org.member)).slice(before.a))).toHaveLength(1);
    expect(told((await mailTexts(grievantB)).slice(before.b))).toHaveLength(1);
    expect((await mailTexts(outsider)).slice(before.outsider)).toEqual([]);
    // The steward who filed it is not told of their own filing.
    expect((await t.mailsTo(org.steward.email)).slice(before.steward)).toEqual([]);
  });

  it("mails each grievant of the group grievance what the filer of an individual one hears", async () => {
    setDay("2026-11-23");
    const { own, group } = await pair("clovehitch");
    for (const id of [own.id, group.id]) {
      await org.steward.client.post(`/api/grievances/${id}/comments`, {
        text: `Meeting set for Friday on ${id}.`,
      });
      await org.steward.client.post(`/api/grievances/${id}/status`, {
        status: "pending",
        note: `Asked for the overtime records on ${id}.`,
      });
      const answered = await org.steward.client.post(`/api/grievances/${id}/response`, {
        receivedOn: "2026-11-23",
        decision: "denied",
        text: "Management followed the rotation.",
        note: `Answer received on ${id}`,
      });
      expect(answered.statusCode, answered.body).toBe(200);
    }
    const lines = (id: string) => [
      `Meeting set for Friday on ${id}.`,
      `Asked for the overtime records on ${id}.`,
      `Answer received on ${id}`,
    ];
    const a = await mailTexts(org.member);
    for (const line of [...lines(own.id), ...lines(group.id)])
      expect(
        a.some((m) => m.includes(line)),
        line,
      ).toBe(true);
    const b = await mailTexts(grievantB);
    for (const line of lines(group.id))
      expect(
        b.some((m) => m.includes(line)),
        line,
      ).toBe(true);
    for (const line of lines(own.id))
      expect(
        b.some((m) => m.includes(line)),
        line,
      ).toBe(false);
    expect((await mailTexts(outsider)).some((m) => m.includes(group.id))).toBe(false);
  });

  it("closes with a money remedy every grievant hears of and any grievant may confirm; nobody else", async () => {
    setDay("2026-11-23");
    const { group } = await pair("carrickbend");
    const closed = await org.steward.client.post(`/api/grievances/${group.id}/close`, {
      outcome: "settled",
      reason: "We told the grievant why in writing.",
      summary: "Settled: the night shift is paid the overtime.",
      remedy: { amountCents: 50_000, dueDate: "2026-12-15", description: "Back pay" },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    for (const person of [org.member, grievantB]) {
      expect(
        (await mailTexts(person)).some(
          (m) => m.includes(group.id) && m.includes("the night shift is paid the overtime"),
        ),
      ).toBe(true);
      const g = await detail(person.client, group.id);
      expect(g.actions).toEqual(["remedyReceived"]);
    }
    expect(
      (await outsider.client.post(`/api/grievances/${group.id}/remedy/received`, {})).statusCode,
    ).toBe(404);
    const paid = await grievantB.client.post(`/api/grievances/${group.id}/remedy/received`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    expect((paid.json() as TGrievance).outcome?.remedy?.receivedAt).not.toBeNull();
    expect(
      (await mailTexts(org.member)).some(
        (m) => m.includes(group.id) && m.includes("confirmed by Second Grievant"),
      ),
    ).toBe(true);
  });
});

describe("the employer's answer by link", () => {
  it("mails each grievant of the group grievance, as it mails the filer of an individual one", async () => {
    setDay("2026-11-23");
    const { own, group } = await pair("bightline");
    const made = await org.admin.client.post("/api/employer-contacts", {
      name: "Dana Reyes",
      title: "HR Manager",
      email: "dana.group@employer.test",
    });
    expect(made.statusCode, made.body).toBe(201);
    const contactId = (made.json() as { id: string }).id;
    for (const id of [own.id, group.id]) {
      const served = await org.steward.client.post(`/api/grievances/${id}/serve`, {
        contactId,
        message: "Please answer in writing.",
      });
      expect(served.statusCode, served.body).toBe(201);
      const link = (await t.mailsTo("dana.group@employer.test"))
        .at(-1)
        ?.text.match(/\/respond\/([A-Za-z0-9_-]{43})/)?.[1];
      expect(link).toBeTruthy();
      const answered = await t.app.inject({
        method: "POST",
        url: `/api/respond/${link}`,
        payload: { decision: "denied", text: "The rotation was followed." },
      });
      expect(answered.statusCode, answered.body).toBeLessThan(300);
    }
    const answeredMail = (texts: string[], id: string) =>
      texts.some((m) => m.includes(id) && m.includes("Employer answered Step 1"));
    const a = await mailTexts(org.member);
    expect(answeredMail(a, own.id)).toBe(true);
    expect(answeredMail(a, group.id)).toBe(true);
    expect(answeredMail(await mailTexts(grievantB), group.id)).toBe(true);
    expect((await mailTexts(outsider)).some((m) => m.includes(group.id))).toBe(false);
  });
});

describe("internal notes", () => {
  it("reach no grievant of a group grievance in any channel", async () => {
    const { group } = await pair("rollinghitch");
    const streamA = await openStream(org.member.client);
    const streamB = await openStream(grievantB.client);
    const staff = await openStream(org.steward.client);
    const secret = "Internal: the foreman admitted the list was ignored.";
    try {
      const note = await org.steward.client.post(`/api/grievances/${group.id}/comments`, {
        text: secret,
        internal: true,
      });
      expect(note.statusCode).toBe(201);
      await until(() => heard(staff, group.id, "note"), "the steward's note event");
      // Issue 34: an internal contact summary, with each grievant, is as internal as a note.
      const people = (await detail(org.steward.client, group.id)).grievantContacts;
      for (const c of people) {
        const contact = await org.steward.client.post(`/api/grievances/${group.id}/contacts`, {
          channel: "call",
          date: "2026-11-23",
          summary: `Internal: the foreman may testify (${c.name}).`,
          internal: true,
          personId: c.personId,
        });
        expect(contact.statusCode, contact.body).toBe(201);
      }
      await until(() => heard(staff, group.id, "contact"), "the steward's contact event");
      await org.steward.client.post(`/api/grievances/${group.id}/comments`, {
        text: "We meet the employer on Friday.",
      });
      await until(() => heard(streamA, group.id, "comment"), "A's comment event");
      await until(() => heard(streamB, group.id, "comment"), "B's comment event");
      for (const [person, stream] of [
        [org.member, streamA],
        [grievantB, streamB],
      ] as const) {
        expect(stream.raw()).not.toContain("note");
        expect(stream.raw()).not.toContain("contact");
        expect(stream.raw()).not.toContain("foreman");
        const g = await detail(person.client, group.id);
        expect(JSON.stringify(g)).not.toContain("foreman");
        expect(g.activityLog.some((e) => e.action.includes("We meet the employer"))).toBe(true);
        // Their own contact's day and channel, without the summary.
        expect(g.contacts).toMatchObject([{ channel: "call", date: "2026-11-23", summary: null }]);
        const feed = await person.client.get("/api/activity?limit=50");
        expect(feed.body).not.toContain("foreman");
        const pdf = await person.client.get(`/api/grievances/${group.id}/case-file.pdf`);
        expect(pdf.statusCode).toBe(200);
        const text = pdfText(pdf.rawPayload);
        expect(text).toContain("We meet the employer");
        expect(text).not.toContain("foreman");
        expect((await mailTexts(person)).some((m) => m.includes("foreman"))).toBe(false);
      }
    } finally {
      streamA.close();
      streamB.close();
      staff.close();
    }
  });
});

describe("a grievant removed from the group grievance", () => {
  it("loses it in every channel at once", async () => {
    const { group } = await pair("halyard");
    const up = await attach(org.member.client, group.id, "roster.png");
    const url = `/api/grievances/${group.id}/attachments/${(up.json() as { id: string }).id}`;
    expect((await grievantB.client.get(url)).statusCode).toBe(200);
    const countBefore = (await grievantB.client.get("/api/dashboard-stats")).json().totalGrievances;
    const stream = await openStream(grievantB.client);
    try {
      const removed = await org.steward.client.request(
        "DELETE",
        `/api/grievances/${group.id}/grievants/${grievantB.id}`,
      );
      expect(removed.statusCode, removed.body).toBe(200);
      await until(() => heard(stream, group.id, "grievants"), "the removal event");
      const heardBefore = stream.received.length;

      const b = grievantB.client;
      expect((await b.get(`/api/grievances/${group.id}`)).statusCode).toBe(404);
      for (const query of ["", "q=halyard", "type=group", "sort=deadline"])
        expect((await list(b, query)).ids, query).not.toContain(group.id);
      expect((await b.get(url)).statusCode).toBe(404);
      expect((await attach(b, group.id, "late.png")).statusCode).toBe(404);
      expect((await b.get(`/api/grievances/${group.id}/case-file.pdf`)).statusCode).toBe(404);
      expect(
        (await b.post(`/api/grievances/${group.id}/comments`, { text: "Still mine?" })).statusCode,
      ).toBe(404);
      expect((await b.get("/api/dashboard-stats")).json().totalGrievances).toBe(countBefore - 1);
      const feed = (await b.get("/api/activity?limit=50")).json() as {
        items: { grievanceId: string }[];
      };
      expect(feed.items.some((e) => e.grievanceId === group.id)).toBe(false);

      await org.steward.client.post(`/api/grievances/${group.id}/comments`, {
        text: "Only for the remaining grievants: the hearing is on Monday.",
      });
      expect(
        (await mailTexts(org.member)).some((m) => m.includes("the hearing is on Monday")),
      ).toBe(true);
      expect((await mailTexts(grievantB)).some((m) => m.includes("the hearing is on Monday"))).toBe(
        false,
      );
      await new Promise((r) => setTimeout(r, 300));
      expect(stream.received).toHaveLength(heardBefore);
    } finally {
      stream.close();
    }
  });
});

describe("the grievants' last word from the union (stewards' view)", () => {
  const lastHeard = async (id: string) =>
    (await detail(org.steward.client, id)).grievantLastUpdatedAt;
  const pause = () => new Promise((r) => setTimeout(r, 20));

  it("moves when the steward who filed the group grievance writes to its grievants", async () => {
    const own = await file(org.member.client, "sheetbend");
    const group = await file(org.steward.client, "sheetbend", {
      type: "group",
      grievantIds: [org.member.id, grievantB.id],
    });
    for (const id of [own.id, group.id]) {
      const before = await lastHeard(id);
      await pause();
      await org.steward.client.post(`/api/grievances/${id}/comments`, {
        text: "We have the records now.",
      });
      // Its grievants were mailed the comment: they heard from the union.
      expect(await lastHeard(id), id === group.id ? `group ${id}` : `own ${id}`).not.toBe(before);
    }
  });

  it("stays when a grievant of the group grievance writes, as when the filer of an individual one does", async () => {
    const { own, group } = await pair("reefknot");
    for (const id of [own.id, group.id]) {
      const before = await lastHeard(id);
      await pause();
      const res = await org.member.client.post(`/api/grievances/${id}/comments`, {
        text: "Any news?",
      });
      expect(res.statusCode).toBe(201);
      expect(await lastHeard(id), id === group.id ? `group ${id}` : `own ${id}`).toBe(before);
    }
  });
});

describe("live updates", () => {
  it("tells each grievant of a group grievance of a missed deadline, as it tells the filer of an individual one", async () => {
    setDay("2026-11-23");
    const { own, group } = await pair("fishermansknot");
    const due = (await detail(org.steward.client, group.id)).nextDeadline?.dueDate;
    expect(due).toBeTruthy();
    const streamA = await openStream(org.member.client);
    const streamB = await openStream(grievantB.client);
    const other = await openStream(outsider.client);
    const staff = await openStream(org.steward.client);
    try {
      setDay(addDays(due as string, 2));
      expect(await markMissedDeadlines(t.db, APP_URL, clock.now())).toBeGreaterThan(0);
      await until(() => heard(staff, group.id, "deadline"), "the steward's deadline event");
      await until(() => heard(streamA, own.id, "deadline"), "A's own deadline event");
      await new Promise((r) => setTimeout(r, 300));
      expect(heard(streamA, group.id, "deadline"), "grievant A, group grievance").toBe(true);
      expect(heard(streamB, group.id, "deadline"), "grievant B, group grievance").toBe(true);
      expect(other.received.some((e) => e.grievanceId === group.id)).toBe(false);
      // The activity log says so to both grievants.
      for (const person of [org.member, grievantB]) {
        const g = await detail(person.client, group.id);
        expect(g.activityLog.some((e) => e.action.startsWith("Deadline missed"))).toBe(true);
      }
    } finally {
      streamA.close();
      streamB.close();
      other.close();
      staff.close();
      setDay("2026-11-23");
    }
  });
});
