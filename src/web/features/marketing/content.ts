import {
  BarChart3,
  Bell,
  FileText,
  type LucideIcon,
  Scale,
  ShieldCheck,
  Users,
} from "lucide-react";

/**
 * The landing page's lists; their words are in the marketing catalogue under
 * home.features.items.<key>, home.testimonials.items.<key> and home.trust.points.<key>.
 * Testimonial wording is ours and illustrative (the spec shows none): the quotes name a role and
 * a kind of local, never a person or a real-sounding local, and the section says they are
 * illustrative (issue 14).
 */
export const FEATURES: { icon: LucideIcon; key: string }[] = [
  { icon: Scale, key: "grievances" },
  { icon: Users, key: "directory" },
  { icon: FileText, key: "documents" },
  { icon: Bell, key: "announcements" },
  { icon: BarChart3, key: "analytics" },
  { icon: ShieldCheck, key: "roles" },
];

export const TESTIMONIALS = ["transit", "hotel", "nurses"] as const;

export const TRUST_POINTS = ["rls", "postgres", "verified"] as const;

/** The footer's social links; each label is footer.socialLinks.<icon> ('UnionHall on LinkedIn'). */
export const SOCIAL_LINKS = [
  { href: "https://www.linkedin.com/company/unionhall", icon: "linkedin" },
  { href: "https://www.facebook.com/unionhall", icon: "facebook" },
  { href: "https://x.com/unionhall", icon: "x" },
  { href: "https://www.youtube.com/@unionhall", icon: "youtube" },
] as const;
