import { html } from "../../lib/html.ts";
import { type MailContent, mailDocument } from "../../lib/mail/templates.ts";

export type BillingMailKind = "trial_will_end" | "trial_ended" | "payment_failed";

/** The billing mails to an organization's admins: trial ending, trial ended, payment failed. */
export function billingMail(
  kind: BillingMailKind,
  organizationName: string,
  date: Date | null,
  billingUrl: string,
): MailContent {
  const day = date ? date.toISOString().slice(0, 10) : null;
  const { subject, lines } = {
    trial_will_end: {
      subject: `Your UnionHall trial for ${organizationName} ends soon`,
      lines: [
        `The free trial of ${organizationName} ends${day ? ` on ${day}` : " soon"}.`,
        "Choose a plan and add a payment method to keep your organization's workspace open.",
      ],
    },
    trial_ended: {
      subject: `Your UnionHall trial for ${organizationName} has ended`,
      lines: [
        `The free trial of ${organizationName} ended${day ? ` on ${day}` : ""}.`,
        "The workspace is now read-only for 30 days, then archived. Choose a plan to reopen it: nothing has been deleted.",
      ],
    },
    payment_failed: {
      subject: `Payment failed for ${organizationName} on UnionHall`,
      lines: [
        `We could not take the latest payment for ${organizationName}.`,
        "Please update the payment method: after a cancellation the workspace becomes read-only for 30 days.",
      ],
    },
  }[kind];
  const text = `${lines.join("\n\n")}\n\nBilling: ${billingUrl}`;
  return {
    subject,
    text,
    html: mailDocument(
      html`${lines.map((l) => html`<p>${l}</p>`)}<p><a href="${billingUrl}">Open billing</a></p>`,
    ),
  };
}
