import { describe, expect, it } from 'vitest';
import type { TImportAccepted, TImportJob } from '../../shared/contact-import.schema';
import { proposeMapping, statusFromExport, type TImportMapping } from '../../shared/import-mapping';
import { useSignedIn, useTestApp } from '../test/use-test-app';

// POST /api/contacts/import?mode=…&mapping=<JSON>: another CRM's export, read through a mapping.
const t = useTestApp({ jobs: true });
const admin = useSignedIn(t, 'admin');

const sql = (query: string, params: unknown[] = []) =>
  t.db.orm.em.getConnection().execute(query, params);

interface ErrorBody {
  message: string;
  issues?: { message: string; path?: string[] }[];
}

async function upload(csv: string, query: Record<string, string>) {
  const res = await admin.fetch(`/api/contacts/import?${new URLSearchParams(query)}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv' },
    body: csv,
  });
  return { status: res.status, body: (await res.json()) as TImportAccepted & ErrorBody };
}

async function settled(jobId: string): Promise<TImportJob> {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    const job = (await admin.rest<TImportJob>('GET', `/contacts/imports/${jobId}`)).body;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${jobId} did not finish`);
}

/** A HubSpot contacts export, as its columns come. */
const HUBSPOT = [
  'Record ID,First Name,Last Name,Email,Company Name,Phone Number,Lead Status,Lifecycle Stage,Contact owner,Create Date',
  '101,Grace,Hopper,grace@navy.example,US Navy,+1 555 0101,IN_PROGRESS,lead,sam@convoza.example,2024-01-02',
  '102,Alan,Turing,alan@bletchley.example,,,OPEN_DEAL,opportunity,Sam Rivera,2024-01-03',
  '103,Ada,,ada@engine.example,Analytical Engines,,,customer,Someone Who Left,2024-01-04',
].join('\n');

const mapped = (mapping: TImportMapping) => ({ mapping: JSON.stringify(mapping) });

describe('a mapped import (POST /api/contacts/import?mapping=)', () => {
  it('proposes the mapping of a HubSpot export and imports it: names joined, statuses read, owners found', async () => {
    const sam = await admin.rest<{ id: number }>('POST', '/users', {
      username: 'sam',
      password: 'Password123!',
      email: 'sam@convoza.example',
      firstName: 'Sam',
      lastName: 'Rivera',
      role: 'admin',
    });
    expect(sam.status).toBe(200);
    const mapping = proposeMapping(HUBSPOT.split('\n')[0]!.split(','));
    expect(mapping).toEqual({
      name: ['First Name', 'Last Name'],
      email: 'Email',
      company: 'Company Name',
      phone: 'Phone Number',
      status: 'Lead Status',
      owner: 'Contact owner',
    });

    const res = await upload(HUBSPOT, { mode: 'skip_invalid', ...mapped(mapping) });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    const job = await settled(res.body.jobId);
    expect(job).toMatchObject({ status: 'done', inserted: 3, errorCount: 0 });
    expect(
      await sql(
        `select name, email, company, phone, status, source, owner_id from contacts order by email`,
      ),
    ).toEqual([
      {
        name: 'Ada',
        email: 'ada@engine.example',
        company: 'Analytical Engines',
        phone: null,
        status: 'new',
        source: 'csv_import',
        owner_id: null, // nobody goes by that name here: left unassigned
      },
      {
        name: 'Alan Turing',
        email: 'alan@bletchley.example',
        company: null,
        phone: null,
        status: 'qualified',
        source: 'csv_import',
        owner_id: sam.body.id, // by name
      },
      {
        name: 'Grace Hopper',
        email: 'grace@navy.example',
        company: 'US Navy',
        phone: '+1 555 0101',
        status: 'contacted',
        source: 'csv_import',
        owner_id: sam.body.id, // by email
      },
    ]);
  });

  it('reads the lifecycle stage instead when mapped so, and refuses a status it does not know', async () => {
    const csv = [
      'First Name,Last Name,Email,Lifecycle Stage',
      'Ann,Lee,ann@x.example,customer',
      'Bo,Ek,bo@x.example,salesqualifiedlead',
      'Cy,Do,cy@x.example,Ex-Customer',
    ].join('\n');
    const mapping = {
      name: ['First Name', 'Last Name'],
      email: 'Email',
      status: 'Lifecycle Stage',
    };
    const job = await settled(
      (await upload(csv, { mode: 'skip_invalid', ...mapped(mapping) })).body.jobId,
    );
    expect(job).toMatchObject({ status: 'done', inserted: 2, skipped: 1 });
    expect(job.errors).toEqual([{ line: 4, reason: expect.stringMatching(/^status: /) }]);
    expect(await sql(`select name, status from contacts order by name`)).toEqual([
      { name: 'Ann Lee', status: 'converted' },
      { name: 'Bo Ek', status: 'qualified' },
    ]);
  });

  it('refuses a mapping naming a column the file lacks, or that is not a mapping, with 400 naming mapping', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [mapped({ name: 'Full Name', email: 'Email' }), /no column "Full Name"/],
      [mapped({ name: ['First Name', 'Middle'], email: 'Email' }), /no column "Middle"/],
      [{ mapping: '{"name": "First Name"' }, /JSON/],
      [mapped({ name: 'First Name' }), /email must be mapped/],
      [
        mapped({ name: 'First Name', email: 'Email', title: 'Job Title' } as TImportMapping),
        /Unknown field "title"/,
      ],
      [mapped({ name: 'First Name', email: ['Email', 'Other'] }), /email is read from one column/],
    ];
    for (const [query, message] of cases) {
      const res = await upload(HUBSPOT, { mode: 'skip_invalid', ...query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message, JSON.stringify(query)).toMatch(message);
      expect(res.body.issues?.[0]?.path).toEqual(['mapping']);
    }
    expect(await sql(`select count(*)::int as n from contact_imports`)).toEqual([{ n: 0 }]);
    expect(await sql(`select count(*)::int as n from contacts`)).toEqual([{ n: 0 }]);
  });
});

describe('the status table', () => {
  it("reads HubSpot's, Salesforce's and Zoho's statuses as ours, loosely", () => {
    expect(statusFromExport('IN_PROGRESS')).toBe('contacted');
    expect(statusFromExport('Closed - Converted')).toBe('converted');
    expect(statusFromExport('marketingqualifiedlead')).toBe('qualified');
    expect(statusFromExport('Not Contacted')).toBe('new');
    expect(statusFromExport('Qualified')).toBe('qualified');
    expect(statusFromExport('Junk Lead')).toBe('Junk Lead');
  });
});
