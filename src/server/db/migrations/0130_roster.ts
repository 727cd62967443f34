import { type Kysely, sql } from "kysely";

/**
 * The roster (issue 29, product-decisions.md 32): the people of an organization, whether or
 * not they have an account.
 *   people                one row per person: what the employer's list says about them, their
 *                         status (`left` people are kept with their history), the account
 *                         linked to them (one account per person, one person per account) and
 *                         their invitation (when, which mail: a mail the outbox gave up on is a
 *                         bounce).
 *   grievance_grievants   + person_id: a grievant is a person. `user_id` stays as the person's
 *                         linked account, kept by triggers, so every reader that asks 'is this
 *                         account a grievant?' (lists, search functions, detail, live events,
 *                         mails) answers for roster people as soon as they join. An individual
 *                         grievance filed by a steward for a roster person has one row; one a
 *                         member files for themselves has none (the submitter is the grievant).
 *   roster_imports        an uploaded file and its mapping, kept for its preview and apply.
 * Every member account gets its person (linked); duplicate badge numbers in memberships are
 * kept on the first member only (the roster's badge numbers are unique).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE people (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      email text CHECK (email = lower(email)),
      badge_number text CHECK (length(badge_number) BETWEEN 1 AND 50),
      phone text,
      department text,
      location text,
      job_title text,
      shift text,
      hire_date date,
      language text CHECK (language IN ('en', 'es')),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'left')),
      left_at timestamptz,
      user_id text REFERENCES users(id) ON DELETE SET NULL,
      joined_at timestamptz,
      invited_at timestamptz,
      invitation_id uuid,
      invitation_mail_id bigint,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, id)
    );
    CREATE UNIQUE INDEX people_badge_key ON people (organization_id, badge_number)
      WHERE badge_number IS NOT NULL;
    CREATE UNIQUE INDEX people_email_key ON people (organization_id, email) WHERE email IS NOT NULL;
    CREATE UNIQUE INDEX people_user_key ON people (organization_id, user_id) WHERE user_id IS NOT NULL;
    -- The roster's order (keyset on name and id).
    CREATE INDEX people_name_idx ON people (organization_id, name, id);
    ALTER TABLE people ENABLE ROW LEVEL SECURITY;
    ALTER TABLE people FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON people
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());

    INSERT INTO people (organization_id, name, email, badge_number, department, location,
                        user_id, joined_at, created_at)
    SELECT organization_id, name, email,
           CASE WHEN badge IS NOT NULL AND badge_rank = 1 THEN badge END,
           department, facility, user_id, created_at, created_at
    FROM (
      SELECT m.organization_id, left(u.name, 200) AS name, lower(u.email) AS email,
             nullif(left(trim(m.badge_number), 50), '') AS badge,
             row_number() OVER (PARTITION BY m.organization_id, nullif(trim(m.badge_number), '')
                                ORDER BY m.created_at, m.user_id) AS badge_rank,
             m.department, m.facility, m.user_id, m.created_at
      FROM memberships m JOIN users u ON u.id = m.user_id
    ) AS members;
    -- Grievants whose membership was removed stay grievants: their person, marked left.
    INSERT INTO people (organization_id, name, email, user_id, status, left_at)
    SELECT DISTINCT ON (gg.organization_id, gg.user_id)
           gg.organization_id, left(u.name, 200), lower(u.email), gg.user_id, 'left', now()
    FROM grievance_grievants gg JOIN users u ON u.id = gg.user_id
    WHERE NOT EXISTS (SELECT 1 FROM people p
                      WHERE p.organization_id = gg.organization_id AND p.user_id = gg.user_id)
      AND NOT EXISTS (SELECT 1 FROM people p
                      WHERE p.organization_id = gg.organization_id AND p.email = lower(u.email));

    ALTER TABLE grievance_grievants ADD COLUMN person_id uuid;
    UPDATE grievance_grievants gg SET person_id = p.id
      FROM people p WHERE p.organization_id = gg.organization_id AND p.user_id = gg.user_id;
    ALTER TABLE grievance_grievants
      DROP CONSTRAINT grievance_grievants_pkey,
      DROP CONSTRAINT grievance_grievants_user_id_fkey,
      ALTER COLUMN person_id SET NOT NULL,
      ALTER COLUMN user_id DROP NOT NULL,
      ADD PRIMARY KEY (organization_id, grievance_id, person_id),
      ADD FOREIGN KEY (user_id) REFERENCES users(id) ON DELETE SET NULL,
      ADD FOREIGN KEY (organization_id, person_id) REFERENCES people (organization_id, id);
    CREATE INDEX grievance_grievants_person_idx ON grievance_grievants (organization_id, person_id);

    -- A grievant row names its person; the account is the person's (given a person or, from
    -- code written before the roster, an account that has one).
    CREATE FUNCTION grievant_person_account() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.person_id IS NULL THEN
          SELECT p.id INTO NEW.person_id FROM people p
          WHERE p.organization_id = NEW.organization_id AND p.user_id = NEW.user_id;
          IF NEW.person_id IS NULL THEN
            RAISE EXCEPTION 'account % has no person on the roster', NEW.user_id
              USING ERRCODE = 'foreign_key_violation';
          END IF;
        END IF;
        SELECT p.user_id INTO NEW.user_id FROM people p
        WHERE p.organization_id = NEW.organization_id AND p.id = NEW.person_id;
        RETURN NEW;
      END $$;
    CREATE TRIGGER grievant_person_account BEFORE INSERT OR UPDATE OF person_id
      ON grievance_grievants FOR EACH ROW EXECUTE FUNCTION grievant_person_account();

    -- Linking (or unlinking) a person's account carries over to every grievance of theirs.
    CREATE FUNCTION person_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE grievance_grievants SET user_id = NEW.user_id
        WHERE organization_id = NEW.organization_id AND person_id = NEW.id;
        RETURN NEW;
      END $$;
    CREATE TRIGGER person_account_changed AFTER UPDATE OF user_id ON people
      FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id)
      EXECUTE FUNCTION person_account_changed();

    -- 0096's grievant, with the roster: the grievance's grievant rows when it has any (group
    -- grievances, and individual ones filed for a roster person), otherwise its submitter.
    CREATE OR REPLACE FUNCTION is_grievant(org uuid, grievance text, kind text, submitter text, actor text)
      RETURNS boolean LANGUAGE sql STABLE AS $$
        SELECT CASE
          WHEN kind = 'policy' THEN false
          WHEN EXISTS (SELECT 1 FROM grievance_grievants gg
                       WHERE gg.organization_id = org AND gg.grievance_id = grievance) THEN EXISTS (
            SELECT 1 FROM grievance_grievants gg
            WHERE gg.organization_id = org AND gg.grievance_id = grievance AND gg.user_id = actor)
          ELSE kind = 'individual' AND submitter IS NOT DISTINCT FROM actor END $$;

    CREATE TABLE roster_imports (
      organization_id uuid NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      kind text NOT NULL CHECK (kind IN ('roster', 'grievances')),
      created_by text REFERENCES users(id) ON DELETE SET NULL,
      file_name text NOT NULL,
      file_data bytea NOT NULL,
      mapping jsonb NOT NULL,
      applied_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, id)
    );
    ALTER TABLE roster_imports ENABLE ROW LEVEL SECURITY;
    ALTER TABLE roster_imports FORCE ROW LEVEL SECURITY;
    CREATE POLICY tenant_isolation ON roster_imports
      USING (organization_id = app_current_org()) WITH CHECK (organization_id = app_current_org());
  `.execute(db);
}
