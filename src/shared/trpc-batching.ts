/**
 * Procedures that must travel alone over /trpc, never inside a batch: each is expensive by design
 * (a password hash, the whole contact table, a 5 MB body), and a batch would multiply that cost
 * or lend its large body limit to the other calls. The server refuses such batches with 400 and
 * the back office's tRPC client sends these calls unbatched.
 */
export const UNBATCHABLE_PROCEDURES: readonly string[] = [
  'auth.login',
  'admin.contacts.list',
  'admin.contacts.import',
];

/** The one procedure whose body may be megabytes (the CSV text). */
export const LARGE_BODY_PROCEDURE = 'admin.contacts.import';
