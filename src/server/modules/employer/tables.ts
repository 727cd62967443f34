import type { ColumnType, Generated, Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";

/** The tables of migration 0060 (kept here: they belong to this module alone). */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface EmployerContactsTable {
  organizationId: string;
  id: Generated<string>;
  name: string;
  title: string;
  email: string;
  createdAt: Generated<Timestamp>;
}

export interface EmployerServicesTable {
  organizationId: string;
  id: Generated<string>;
  grievanceId: string;
  stepIndex: number;
  stepName: string;
  contactId: string | null;
  contactName: string;
  contactTitle: string;
  contactEmail: string;
  message: string;
  tokenHash: string;
  expiresAt: Timestamp;
  documentKey: string;
  documentSha256: string;
  documentSize: number;
  servedBy: string | null;
  servedByName: string;
  servedAt: Timestamp;
  mailId: string | null;
  openedAt: Timestamp | null;
  answeredAt: Timestamp | null;
}

export type EmployerTables = {
  employerContacts: EmployerContactsTable;
  employerServices: EmployerServicesTable;
};

export type EmployerDB = Kysely<Database & EmployerTables>;
export type EmployerTx = Transaction<Database & EmployerTables>;

export const withEmployerTables = <T extends Kysely<Database>>(db: T) =>
  db.withTables<EmployerTables>() as T extends Transaction<Database> ? EmployerTx : EmployerDB;
