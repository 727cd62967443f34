const path = (id: string, rest: string) => `/api/grievances/${encodeURIComponent(id)}/${rest}`;

/** Logging a contact is lib/contact-form.tsx's (the case and the roster entry share it). */
export const representationRecordUrl = (id: string) => path(id, "representation-record.pdf");
