import {
  BarChart3,
  Bell,
  FileText,
  type LucideIcon,
  Scale,
  ShieldCheck,
  Users,
} from "lucide-react";

/** The landing page's words. Testimonial wording is ours and illustrative (the spec shows none). */

export const FEATURES: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Scale,
    title: "Grievance tracking",
    text: "File, assign and follow every grievance from the first report to resolution or escalation, with a full activity history.",
  },
  {
    icon: Users,
    title: "Member directory",
    text: "Everyone in one searchable list: departments, locations, badge numbers and who their steward is.",
  },
  {
    icon: FileText,
    title: "Document library",
    text: "Contracts, bylaws, forms and minutes in one place, always the current version, never lost in an inbox.",
  },
  {
    icon: Bell,
    title: "Announcements",
    text: "Post meeting notices and bargaining updates that every member sees the next time they sign in.",
  },
  {
    icon: BarChart3,
    title: "Forms and analytics",
    text: "Custom forms for surveys and sign-ups, and reports that show where grievances come from and how fast they close.",
  },
  {
    icon: ShieldCheck,
    title: "Roles and permissions",
    text: "Admins, stewards and members each see exactly what their role allows, and nothing of any other local.",
  },
];

/**
 * Three illustrative quotes (the spec's strip of three): they name a role and a kind of local,
 * never a person or a real-sounding local, and the section says they are illustrative (issue 14).
 */
export const TESTIMONIALS: { quote: string; author: string; role: string }[] = [
  {
    quote:
      "We used to track grievances in three spreadsheets and a filing cabinet. Now every steward sees the same case, the same deadline, the same notes.",
    author: "A chief steward",
    role: "Transit local",
  },
  {
    quote:
      "Members finally read our announcements. Turnout at the last general meeting was the best we've had in years.",
    author: "A recording secretary",
    role: "Hotel workers' local",
  },
  {
    quote:
      "Setting it up took an afternoon. The directory and the document library alone were worth the switch.",
    author: "A local president",
    role: "Nurses' local",
  },
];

export const TRUST_POINTS: { title: string; text: string }[] = [
  {
    title: "Row-level security",
    text: "Every record carries its organization, and the database itself refuses to show it to anyone else.",
  },
  {
    title: "PostgreSQL",
    text: "Your data lives in a proven, open-source database, never in a browser's storage.",
  },
  {
    title: "Verified accounts",
    text: "Email verification and strong password rules for every account, sessions kept on the server.",
  },
];

/** The footer's social links. */
export const SOCIAL_LINKS = [
  {
    label: "UnionHall on LinkedIn",
    href: "https://www.linkedin.com/company/unionhall",
    icon: "linkedin",
  },
  { label: "UnionHall on Facebook", href: "https://www.facebook.com/unionhall", icon: "facebook" },
  { label: "UnionHall on X", href: "https://x.com/unionhall", icon: "x" },
  { label: "UnionHall on YouTube", href: "https://www.youtube.com/@unionhall", icon: "youtube" },
] as const;
