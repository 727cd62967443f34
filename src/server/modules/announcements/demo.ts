import type { AnnouncementCategory } from "../../../shared/schemas/announcements.ts";
import type { DB } from "../../db/connection.ts";
import type { DemoPeople } from "../../db/seed/demo.ts";
import { createAnnouncement } from "./service.ts";

/** Three announcements on the demo organization's board (not emailed). */
export async function seedDemoAnnouncements(db: DB, organizationId: string, people: DemoPeople) {
  const admin = people.admin.id;
  const steward = people.steward.id;
  const posts: { title: string; category: AnnouncementCategory; content: string; by: string }[] = [
    {
      title: "New Safety Protocols at South Plant",
      category: "Safety",
      content:
        "Starting Monday, hearing protection is required on the whole South Plant floor, not only near the presses. The employer supplies it at no cost.\n\nIf you are asked to work without it, stop and call your steward.",
      by: steward,
    },
    {
      title: "Contract Negotiations Update",
      category: "Bargaining",
      content:
        "Our bargaining team met with management twice this month. We have tentative agreement on scheduling and overtime; wages and health care are still open.\n\nThe full update is in the document library under Contracts.",
      by: admin,
    },
    {
      title: "General Membership Meeting - Thursday 6 PM",
      category: "Meetings",
      content:
        "All members are welcome at the union hall this Thursday at 6 PM. On the agenda: the bargaining update, steward elections and the safety committee report.\n\nChildcare and refreshments are provided.",
      by: admin,
    },
  ];
  for (const post of posts) {
    await createAnnouncement(
      db,
      { organizationId, userId: post.by, appUrl: "" },
      { title: post.title, content: post.content, category: post.category },
    );
  }
  return posts.length;
}
