import { Migration } from '@mikro-orm/migrations';

/** The fix for rows that would break the new rule, spelled out for whoever runs the migration. */
export function caseVariantUsernamesMessage(
  groups: { usernames: string[]; ids: number[] }[],
): string {
  const lines = groups.map(
    (g) => `  ${g.usernames.map((u, i) => `"${u}" (id ${g.ids[i]})`).join(', ')}`,
  );
  const example = groups[0]!;
  return [
    'Usernames are now unique regardless of case, but these accounts differ only in case:',
    ...lines,
    'Nothing was changed. Rename all but one account of each group, then start the app again, e.g.:',
    `  update users set username = '${example.usernames[1]}-2' where id = ${example.ids[1]};`,
  ].join('\n');
}

export class Migration20261122150000 extends Migration {
  override name = 'Migration20261122150000';

  override async up(): Promise<void> {
    // Sign-in ignores case, so `Admin` and `admin` must be one account. Refuse to guess which of
    // two existing case variants should win: say what to do and change nothing.
    const clashes = await this.execute(
      `select array_agg(username order by id) as usernames, array_agg(id order by id) as ids
         from users group by lower(username) having count(*) > 1 order by min(id)`,
    );
    if (clashes.length) {
      throw new Error(
        caseVariantUsernamesMessage(clashes as { usernames: string[]; ids: number[] }[]),
      );
    }
    this.addSql(
      `create unique index "users_username_lower_unique" on "users" (lower("username"));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "users_username_lower_unique";`);
  }
}
