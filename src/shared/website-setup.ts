import type { TPackageId } from "./schemas/pricing.ts";

/**
 * What the team needs to build each website package (product-decisions.md 22: every package has its
 * set-up intake page). One definition gives the form on the page and the server's validation
 * (schemas/website-setup.ts). The words here are the English reference; the page shows them in
 * the reader's language from the marketing catalogue (setupForm.*), by package and field name.
 */
export interface SetupField {
  name: string;
  label: string;
  type: "text" | "textarea" | "tel" | "url" | "date" | "select";
  required: boolean;
  /** Maximum length in characters. */
  max: number;
  hint?: string;
  options?: readonly string[];
}

export interface SetupForm {
  intro: string;
  /** basics and look are asked for every package, details is the package's own section. */
  sections: { key: "basics" | "details" | "look"; title: string; fields: SetupField[] }[];
}

const text = (
  name: string,
  label: string,
  required: boolean,
  hint?: string,
  type: SetupField["type"] = "text",
): SetupField => ({ name, label, type, required, max: type === "textarea" ? 4000 : 200, hint });
const area = (name: string, label: string, required: boolean, hint?: string) =>
  text(name, label, required, hint, "textarea");
const select = (
  name: string,
  label: string,
  options: readonly string[],
  hint?: string,
): SetupField => ({ name, label, type: "select", required: true, max: 100, options, hint });

/** Asked for every package. */
const basics = (siteNameLabel: string, aboutLabel: string, aboutHint: string) => ({
  key: "basics" as const,
  title: "The basics",
  fields: [
    text("siteName", siteNameLabel, true),
    text("contactName", "Your name", true),
    text("contactPhone", "Phone number", false, "In case we have a quick question.", "tel"),
    text(
      "domain",
      "Web address",
      false,
      "One you own, or one you would like (we can register it for you).",
    ),
    area("about", aboutLabel, true, aboutHint),
  ],
});

const look = {
  key: "look" as const,
  title: "Look and content",
  fields: [
    area(
      "style",
      "Colours, style and sites you like",
      false,
      "Brand colours, a feel (warm, bold, classic...), links to sites you admire.",
    ),
    text(
      "photos",
      "Photos and logo",
      false,
      "A link to a shared folder, or tell us you will email them.",
    ),
    area("notes", "Anything else we should know", false),
  ],
};

export const SETUP_FORMS: Record<TPackageId, SetupForm> = {
  "life-moments": {
    intro: "Tell us about your event, and we will design a page your guests will remember.",
    sections: [
      basics(
        "Name on the page (e.g. Maria & Sam)",
        "Your story",
        "How you met, who you are celebrating, what the day means to you.",
      ),
      {
        key: "details",
        title: "The event",
        fields: [
          select("eventType", "Type of event", [
            "Wedding",
            "Anniversary",
            "Reunion",
            "Memorial",
            "Birthday",
            "Other",
          ]),
          text("eventDate", "Date", false, undefined, "date"),
          text("venue", "Venue and address", false),
          area("schedule", "Schedule of the day", false, "Ceremony, reception, after-party..."),
        ],
      },
      look,
    ],
  },
  "barber-pro": {
    intro: "Tell us about your chair and your clients, and we will make booking you effortless.",
    sections: [
      basics("Business name", "About you", "Your style, your experience, what clients love."),
      {
        key: "details",
        title: "Services and booking",
        fields: [
          area("services", "Services and prices", true, "One per line: service, price, duration."),
          area("hours", "Opening hours", true),
          text("address", "Shop address", false),
          text(
            "bookingLink",
            "Booking link",
            false,
            "Your booking app or calendar link, if you have one.",
            "url",
          ),
        ],
      },
      look,
    ],
  },
  "daycare-pro": {
    intro: "Tell us about your program so that parents feel at home before they visit.",
    sections: [
      basics(
        "Name of your daycare",
        "About your program",
        "Your approach, your team, a typical day.",
      ),
      {
        key: "details",
        title: "Program details",
        fields: [
          text("ageGroups", "Ages you care for", true, "e.g. 6 weeks to 5 years"),
          text("hours", "Opening hours", true),
          text("licenseNumber", "License number", false),
          text("capacity", "Number of places", false),
          text("address", "Address or area", false, "Only the area if you prefer privacy."),
        ],
      },
      look,
    ],
  },
  "bakers-biz": {
    intro: "Tell us what you make and how people get it, and we will set up your storefront.",
    sections: [
      basics("Business name", "About your kitchen", "What you make, your story, what's special."),
      {
        key: "details",
        title: "Products and orders",
        fields: [
          area("products", "Products and prices", true, "One per line; seasonal items welcome."),
          select("fulfilment", "How customers get their order", [
            "Pickup only",
            "Delivery only",
            "Pickup and delivery",
          ]),
          text("leadTime", "Order lead time", false, "e.g. 48 hours for custom cakes"),
          area("allergens", "Allergen and ingredient notes", false),
        ],
      },
      look,
    ],
  },
  "authors-hub": {
    intro: "Tell us about your books and your readers, and we will build your author home.",
    sections: [
      basics("Author or pen name", "Author bio", "The bio you would put on a book jacket."),
      {
        key: "details",
        title: "Books and readers",
        fields: [
          area("books", "Your books", true, "One per line: title, and where to buy it."),
          text("genres", "Genres", false),
          text("newsletter", "Newsletter service", false, "e.g. Mailchimp, Substack, none yet"),
          area("events", "Upcoming events and launches", false),
        ],
      },
      look,
    ],
  },
  "local-business": {
    intro: "Tell us about your business so that neighbours find you and choose you.",
    sections: [
      basics("Business name", "About the business", "What you do, since when, why people come."),
      {
        key: "details",
        title: "Business details",
        fields: [
          text("businessType", "Type of business", true, "e.g. café, hair salon, plumber"),
          area("servicesOrMenu", "Services or menu", true, "With prices if you show them."),
          area("hours", "Opening hours", true),
          text("address", "Address", true),
        ],
      },
      look,
    ],
  },
  "nonprofit-church": {
    intro: "Tell us about your community and mission, and we will help more people find you.",
    sections: [
      basics("Name of your organization", "Your mission", "Who you serve and why."),
      {
        key: "details",
        title: "Community details",
        fields: [
          area("programs", "Programs, ministries or services", true),
          area("serviceTimes", "Service or meeting times", false),
          text("address", "Address", false),
          text("donations", "How you take donations today", false),
        ],
      },
      look,
    ],
  },
  "school-hub": {
    intro: "Tell us about your group and the families you keep informed.",
    sections: [
      basics("Name of the group", "About the group", "Who it is for and what you do together."),
      {
        key: "details",
        title: "Group details",
        fields: [
          select("groupType", "Type of group", [
            "Class",
            "School",
            "Club",
            "Sports team",
            "PTA or boosters",
            "Other",
          ]),
          text("ages", "Ages or grades", false),
          area("leaders", "Teachers, coaches or leaders to list", false),
          text("calendar", "Calendar you use today", false, "e.g. Google Calendar, paper, none"),
        ],
      },
      look,
    ],
  },
  "union-labor": {
    intro: "Tell us about your local, and we will build its public site next to your portal.",
    sections: [
      basics(
        "Local name and number",
        "About your local",
        "Who you represent, what you've won, how to join.",
      ),
      {
        key: "details",
        title: "Your local",
        fields: [
          text("affiliation", "International or federation", false),
          text("employers", "Employers and worksites", false),
          text("meetings", "Meeting schedule", false, "e.g. second Tuesday, 6 pm, union hall"),
          area("officers", "Officers and stewards to list", false, "Name and role, one per line."),
          area("resources", "Contracts, bylaws and documents to publish", false),
        ],
      },
      look,
    ],
  },
};

export const setupFields = (packageId: TPackageId): SetupField[] =>
  SETUP_FORMS[packageId].sections.flatMap((s) => s.fields);
