// The module rules of .dependency-cruiser.cjs (run by `npm run lint`): a deliberate violation of
// each fails them, the allowed shape passes. The files are written to a scratch tree shaped like
// src/, so the repository itself is never touched.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { afterAll, describe, expect, it } from 'vitest';

const config = createRequire(import.meta.url)(
  resolve(import.meta.dirname, '../../.dependency-cruiser.cjs'),
) as IConfiguration;

const scratch = mkdtempSync(join(tmpdir(), 'dependency-rules-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The rules broken by a tree of files (path -> source), cruised from its src/. */
async function violations(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(scratch, 'case-'));
  for (const [path, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), source);
  }
  const cwd = process.cwd();
  process.chdir(root);
  try {
    const result = await cruise(['src'], {
      ruleSet: { forbidden: config.forbidden },
      validate: true,
      tsPreCompilationDeps: true,
    });
    const output = result.output as ICruiseResult;
    return output.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  } finally {
    process.chdir(cwd);
  }
}

describe('module rules', () => {
  it('refuse an import cycle', async () => {
    expect(
      await violations({
        'src/server/contacts/a.service.ts':
          "import { b } from './b.service';\nexport const a = b;\n",
        'src/server/contacts/b.service.ts':
          "import { a } from './a.service';\nexport const b = () => a;\n",
      }),
    ).toEqual(
      expect.arrayContaining([expect.stringMatching(/^no-circular: src\/server\/contacts\//)]),
    );
  });

  it('refuse db/ importing a feature', async () => {
    expect(
      await violations({
        'src/server/db/maintenance.ts':
          "import { pruneQuarantine } from '../quarantine/quarantine.service';\nexport const x = pruneQuarantine;\n",
        'src/server/quarantine/quarantine.service.ts': 'export const pruneQuarantine = 1;\n',
      }),
    ).toEqual([
      'db-knows-no-feature: src/server/db/maintenance.ts -> src/server/quarantine/quarantine.service.ts',
    ]);
  });

  it('refuse a feature registration read outside features.ts', async () => {
    expect(
      await violations({
        'src/server/server.ts':
          "import { usersFeature } from './users/users.feature';\nexport const x = usersFeature;\n",
        'src/server/users/users.feature.ts': 'export const usersFeature = {};\n',
      }),
    ).toEqual([
      'feature-registrations-only-in-the-root: src/server/server.ts -> src/server/users/users.feature.ts',
    ]);
  });

  it("refuse a feature importing another feature's SQL, entity or other internals", async () => {
    expect(
      await violations({
        'src/server/analytics/analytics.service.ts': [
          "import { contactsPerDay } from '../contacts/contact-stats.sql';",
          "import { Contact } from '../contacts/contact.entity';",
          "import { csvField } from '../contacts/contacts.csv';",
          'export const x = [contactsPerDay, Contact, csvField];',
        ].join('\n'),
        'src/server/contacts/contact-stats.sql.ts': 'export const contactsPerDay = 1;\n',
        'src/server/contacts/contact.entity.ts': 'export class Contact {}\n',
        'src/server/contacts/contacts.csv.ts': 'export const csvField = 1;\n',
      }),
    ).toEqual([
      'features-meet-through-services: src/server/analytics/analytics.service.ts -> src/server/contacts/contact-stats.sql.ts',
      'features-meet-through-services: src/server/analytics/analytics.service.ts -> src/server/contacts/contact.entity.ts',
      'features-meet-through-services: src/server/analytics/analytics.service.ts -> src/server/contacts/contacts.csv.ts',
    ]);
  });

  it('allow a feature the services, types and entity relations of another', async () => {
    expect(
      await violations({
        'src/server/analytics/analytics.service.ts': [
          "import { contactsPerDay } from '../contacts/contact-stats.service';",
          "import type { Contact } from '../contacts/contact.entity';",
          'export const x: [number, Contact | null] = [contactsPerDay, null];',
        ].join('\n'),
        'src/server/contacts/contact-stats.service.ts': 'export const contactsPerDay = 1;\n',
        'src/server/contacts/contact.entity.ts':
          "import { User } from '../users/user.entity';\nexport class Contact { owner?: User }\n",
        'src/server/users/user.entity.ts': 'export class User {}\n',
        'src/server/contacts/contact.test.ts':
          "import { User } from '../users/user.entity';\nexport const u = User;\n",
      }),
    ).toEqual([]);
  });

  it('refuse trpc/ or http/ naming a feature, even for a type', async () => {
    expect(
      await violations({
        'src/server/trpc/context.ts':
          "import type { Actor } from '../auth/session';\nexport type A = Actor;\n",
        'src/server/http/admin-route.ts':
          "import { SESSION_COOKIE } from '../auth/session.service';\nexport const c = SESSION_COOKIE;\n",
        'src/server/auth/session.ts': 'export interface Actor { userId: number }\n',
        'src/server/auth/session.service.ts': "export const SESSION_COOKIE = 'c';\n",
      }),
    ).toEqual([
      'infrastructure-knows-no-feature: src/server/http/admin-route.ts -> src/server/auth/session.service.ts',
      'infrastructure-knows-no-feature: src/server/trpc/context.ts -> src/server/auth/session.ts',
    ]);
  });

  it('refuse trpc.ts reaching into the audit: the root hands it the audit (AppDeps.audit)', async () => {
    expect(
      await violations({
        'src/server/trpc/trpc.ts': [
          "import { runInAuditScope } from '../audit/audit-context';",
          "import type { WriteAudit } from './write-audit';",
          "import { currentContext } from '../observability/request-context';",
          'export const x: [unknown, WriteAudit | null, unknown] = [runInAuditScope, null, currentContext];',
        ].join('\n'),
        'src/server/trpc/write-audit.ts': 'export interface WriteAudit { a: 1 }\n',
        'src/server/audit/audit-context.ts': 'export const runInAuditScope = 1;\n',
        'src/server/observability/request-context.ts': 'export const currentContext = 1;\n',
      }),
    ).toEqual([
      'infrastructure-knows-no-feature: src/server/trpc/trpc.ts -> src/server/audit/audit-context.ts',
    ]);
  });

  it('allow the intended shape: features.ts lists registrations, db/ uses its own and top-level modules', async () => {
    expect(
      await violations({
        'src/server/features.ts':
          "import { usersFeature } from './users/users.feature';\nexport const all = [usersFeature];\n",
        'src/server/users/users.feature.ts': 'export const usersFeature = {};\n',
        'src/server/feature.ts': 'export interface Feature { name: string }\n',
        'src/server/db/maintenance.ts':
          "import type { Feature } from '../feature';\nimport { x } from './orm';\nexport const y: Feature | number = x;\n",
        'src/server/db/orm.ts': 'export const x = 1;\n',
      }),
    ).toEqual([]);
  });
});
