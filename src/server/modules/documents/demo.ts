import sharp from "sharp";
import type { DB } from "../../db/connection.ts";
import type { DemoPeople } from "../../db/seed/demo.ts";
import { makeDocx, makePdf, makeXlsx } from "../../lib/files/sample-files.ts";
import type { Storage } from "../../lib/storage/storage.ts";
import { uploadDocument } from "./service.ts";

/** A floor plan with exits, drawn as SVG and rendered to PNG. */
async function evacuationMap(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">
  <rect width="800" height="500" fill="#f8fafc"/>
  <rect x="40" y="60" width="720" height="400" fill="#fff" stroke="#0f172a" stroke-width="6"/>
  <line x1="300" y1="60" x2="300" y2="300" stroke="#0f172a" stroke-width="4"/>
  <line x1="520" y1="200" x2="520" y2="460" stroke="#0f172a" stroke-width="4"/>
  <line x1="40" y1="300" x2="300" y2="300" stroke="#0f172a" stroke-width="4"/>
  <rect x="370" y="54" width="70" height="12" fill="#16a34a"/>
  <rect x="754" y="330" width="12" height="70" fill="#16a34a"/>
  <path d="M170 380 L400 380 L400 90" fill="none" stroke="#dc2626" stroke-width="8" stroke-dasharray="18 10"/>
  <path d="M640 150 L640 365 L745 365" fill="none" stroke="#dc2626" stroke-width="8" stroke-dasharray="18 10"/>
  <circle cx="170" cy="380" r="14" fill="#1d4ed8"/>
  <text x="40" y="40" font-family="sans-serif" font-size="24" font-weight="bold" fill="#0f172a">Main Office - Evacuation Routes</text>
  <text x="360" y="490" font-family="sans-serif" font-size="16" fill="#16a34a">Green: exits  Red: routes  Blue: assembly point</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** The demo organization's library: real files of each kind, uploaded by its admin and steward. */
export async function seedDemoDocuments(
  db: DB,
  storage: Storage,
  organizationId: string,
  people: DemoPeople,
) {
  const admin = people.admin.id;
  const steward = people.steward.id;
  const files: {
    name: string;
    category: string;
    fileName: string;
    data: Buffer;
    by: string | null;
  }[] = [
    {
      name: "Leave of Absence Policy",
      category: "HR",
      fileName: "leave-of-absence-policy.pdf",
      data: makePdf("Leave of Absence Policy", [
        "Members may request up to 12 weeks of unpaid leave per year.",
        "Requests go to your supervisor in writing at least 30 days ahead when possible.",
        "Seniority continues to accrue during an approved leave.",
        "Questions? Ask your steward or the union office.",
      ]),
      by: admin,
    },
    {
      name: "Steward Training Schedule 2026",
      category: "Training",
      fileName: "steward-training-schedule.xlsx",
      data: makeXlsx("Schedule", [
        ["Session", "Date", "Location", "Trainer"],
        ["Grievance handling basics", "2026-02-10", "Main Office", "Sam Okafor"],
        ["Investigating a grievance", "2026-03-10", "South Plant", "Sam Okafor"],
        ["Writing a strong remedy", "2026-04-14", "Main Office", "Alex Rivera"],
        ["Arbitration preparation", "2026-05-12", "North Plant", "Alex Rivera"],
      ]),
      by: steward,
    },
    {
      name: "Membership Application Form",
      category: "Forms",
      fileName: "membership-application.docx",
      data: makeDocx("Membership Application", [
        "Full name: ______________________________",
        "Badge number: ___________  Department: ___________________",
        "Facility: ______________________________",
        "I apply for membership in Demo Local 101 and authorize dues deduction.",
        "Signature: ______________________  Date: ____________",
      ]),
      by: admin,
    },
    {
      name: "Emergency Evacuation Map - Main Office",
      category: "Safety",
      fileName: "evacuation-map-main-office.png",
      data: await evacuationMap(),
      by: steward,
    },
    {
      name: "Workplace Safety Handbook",
      category: "Safety",
      fileName: "workplace-safety-handbook.pdf",
      data: makePdf("Workplace Safety Handbook", [
        "1. Report every injury and near miss to your supervisor and steward the same day.",
        "2. You have the right to refuse work you believe is imminently dangerous.",
        "3. Personal protective equipment is provided by the employer at no cost.",
        "4. Lockout/tagout applies to all maintenance on powered equipment.",
        "5. Safety committee meets on the first Monday of each month.",
      ]),
      by: steward,
    },
    {
      name: "Grievance Procedure Guide",
      category: "Policies",
      fileName: "grievance-procedure-guide.pdf",
      data: makePdf("Grievance Procedure Guide", [
        "Step 1: Talk to your steward within 10 working days of the incident.",
        "Step 2: The steward files a written grievance with the supervisor.",
        "Step 3: Unresolved grievances go to a meeting with management.",
        "Step 4: The union may escalate the grievance to arbitration.",
        "Keep notes, dates and the names of witnesses.",
      ]),
      by: admin,
    },
    {
      name: "Collective Bargaining Agreement 2025-2028",
      category: "Contracts",
      fileName: "collective-bargaining-agreement-2025-2028.pdf",
      data: makePdf("Collective Bargaining Agreement 2025-2028", [
        "Article 1 - Recognition: the employer recognizes Demo Local 101.",
        "Article 7 - Wages: 4% increase each year of the agreement.",
        "Article 12 - Hours of work and overtime at time and a half.",
        "Article 15 - Seniority governs layoffs, recalls and shift bids.",
        "Article 21 - Grievance and arbitration procedure.",
      ]),
      by: admin,
    },
  ];
  for (const file of files) {
    await uploadDocument(
      db,
      storage,
      { organizationId, userId: file.by },
      { name: file.name, category: file.category, fileName: file.fileName, data: file.data },
    );
  }
  return files.length;
}
