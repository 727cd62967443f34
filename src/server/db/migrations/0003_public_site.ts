import { type Kysely, sql } from "kysely";

/**
 * The public site (issue 7): sales inquiries (contact form and Founders applications), the
 * website set-up intake per buyer and package, and the counters that rate-limit the access gate
 * and the public forms. None of these rows belongs to an organization: they come from visitors.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sales_inquiries (
      id bigserial PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('contact', 'founders')),
      name text NOT NULL,
      email text NOT NULL,
      organization text NOT NULL,
      message text NOT NULL,
      -- Form-specific answers (contact topic, Founders member count and role).
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      user_id text REFERENCES users(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX sales_inquiries_created_idx ON sales_inquiries (kind, created_at DESC);

    -- One intake per buyer and package; sending it again updates it.
    CREATE TABLE website_setup_requests (
      user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      package_id text NOT NULL,
      details jsonb NOT NULL,
      submitted_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, package_id)
    );

    -- Fixed-window counters: bucket (what is limited), subject (a hash of the client address).
    CREATE TABLE public_rate_limits (
      bucket text NOT NULL,
      subject text NOT NULL,
      window_start timestamptz NOT NULL,
      hits integer NOT NULL DEFAULT 0,
      PRIMARY KEY (bucket, subject, window_start)
    );
    CREATE INDEX public_rate_limits_window_idx ON public_rate_limits (window_start);
  `.execute(db);
}
