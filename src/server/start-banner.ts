import { DEMO_ORGANIZATION, DEMO_USERS } from "./db/seed/demo.ts";
import type { Env } from "./env.ts";

/**
 * What a person who just ran `npm start` in a terminal needs first: the address, and with the
 * demo data the sign-ins. (Logs sent to a file or a collector stay JSON lines.)
 */
export function startBanner(env: Pick<Env, "APP_URL" | "SEED_DEMO" | "SMTP_URL">): string {
  const lines = [`UnionHall is running on ${env.APP_URL}`];
  if (env.SEED_DEMO) {
    const width = Math.max(...DEMO_USERS.map((u) => u.email.length));
    lines.push(`Demo sign-ins (${DEMO_ORGANIZATION}):`);
    for (const u of DEMO_USERS) {
      lines.push(`  ${u.role.padEnd(8)} ${u.email.padEnd(width)}  ${u.password}`);
    }
  }
  if (!env.SMTP_URL) lines.push(`Mail sent by the app: ${env.APP_URL}/dev/mailbox`);
  lines.push("Press Ctrl-C to stop.");
  return lines.join("\n");
}
