// How the columns of another CRM's export become a contact's fields: the mapping the import dialog
// proposes from a file's header (HubSpot, Pipedrive, Salesforce and Zoho exports are recognised),
// the user adjusts and the streamed import takes (`POST /contacts/import?mapping=<JSON>`).
import { z } from 'zod';
import { CSV_IMPORT_FIELDS, REQUIRED_CSV_COLUMNS, type TCsvField } from './contact-csv.schema';
import { CONTACT_STATUSES, type TContactStatus } from './contacts.schema';

/** What a column can fill: a contact's import fields, and its owner (a user's email or name). */
export const MAPPED_FIELDS = [...CSV_IMPORT_FIELDS, 'owner'] as const;
export type TMappedField = TCsvField | 'owner';

/** The name may join several columns ("First Name" + "Last Name"), in this order. */
export const MAX_NAME_COLUMNS = 3;

const ZColumn = z
  .string({ error: 'a column is named by its header text' })
  .trim()
  .min(1, 'a column is named by its header text')
  .max(200);

/**
 * Each field: the file's column it is read from (the name: one or several); a field left out is
 * not imported.
 */
export const ZImportMapping = z
  .partialRecord(
    z.enum(MAPPED_FIELDS, { error: `mapping keys must be among: ${MAPPED_FIELDS.join(', ')}` }),
    z.union([ZColumn, z.array(ZColumn).min(1).max(MAX_NAME_COLUMNS)]),
  )
  .superRefine((mapping, ctx) => {
    for (const field of REQUIRED_CSV_COLUMNS)
      if (mapping[field] === undefined)
        ctx.addIssue({ code: 'custom', message: `${field} must be mapped to a column` });
    for (const field of MAPPED_FIELDS)
      if (field !== 'name' && Array.isArray(mapping[field]))
        ctx.addIssue({ code: 'custom', message: `${field} is read from one column` });
  });
export type TImportMapping = Partial<Record<TMappedField, string | string[]>>;

/** The columns a mapping reads for a field (none when it is not mapped). */
export const mappedColumns = (mapping: TImportMapping, field: TMappedField): string[] => {
  const columns = mapping[field];
  return columns === undefined ? [] : Array.isArray(columns) ? columns : [columns];
};

/** Every column a mapping names, once. */
export const columnsOf = (mapping: TImportMapping): string[] => [
  ...new Set(MAPPED_FIELDS.flatMap((field) => mappedColumns(mapping, field))),
];

/** Header texts compared loosely: 'Lead Status', 'lead_status' and 'LEADSTATUS' are one column. */
export const headerKey = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The header names other CRMs export each field under, most specific first (HubSpot, Pipedrive,
 * Salesforce, Zoho and plain names). `name` is also made of a first and a last name.
 */
const KNOWN_HEADERS: Record<TMappedField, string[]> = {
  name: ['Name', 'Full Name', 'Contact Name', 'Person - Name', 'Lead Name'],
  email: [
    'Email',
    'Email Address',
    'E-mail',
    'Primary Email',
    'Person - Email',
    'Email - Work',
    'Work Email',
  ],
  company: [
    'Company',
    'Company Name',
    'Associated Company',
    'Account Name',
    'Organization',
    'Organization - Name',
    'Person - Organization',
  ],
  phone: [
    'Phone',
    'Phone Number',
    'Person - Phone',
    'Phone - Work',
    'Mobile Phone Number',
    'Mobile',
    'Mobile Phone',
  ],
  message: ['Message', 'Description', 'Notes', 'Note'],
  source: ['Source', 'Lead Source', 'Original Source', 'Original Traffic Source'],
  status: ['Status', 'Lead Status', 'Lifecycle Stage', 'Person - Lead Status'],
  owner: [
    'Owner',
    'Contact owner',
    'Lead Owner',
    'Contact Owner Name',
    'Person - Owner',
    'Owner Name',
  ],
};
const FIRST_NAMES = ['First Name', 'Firstname', 'Given Name', 'Person - First name'];
const LAST_NAMES = ['Last Name', 'Lastname', 'Surname', 'Family Name', 'Person - Last name'];

/** The mapping proposed for a file's header: each field from the first column it is known by. */
export function proposeMapping(header: readonly string[]): TImportMapping {
  const byKey = new Map(header.map((h) => [headerKey(h), h] as const));
  const find = (names: string[]) =>
    names.map((n) => byKey.get(headerKey(n))).find((h) => h !== undefined);
  const mapping: TImportMapping = {};
  for (const field of MAPPED_FIELDS) {
    const column = find(KNOWN_HEADERS[field]);
    if (column !== undefined) mapping[field] = column;
  }
  if (mapping.name === undefined) {
    const parts = [find(FIRST_NAMES), find(LAST_NAMES)].filter((h) => h !== undefined);
    if (parts.length) mapping.name = parts.length === 1 ? parts[0] : parts;
  }
  return mapping;
}

/**
 * How the statuses of other CRMs' exports read as ours (values compared loosely, as headers are):
 * HubSpot's lead statuses and lifecycle stages, Salesforce's and Zoho's lead statuses. The import
 * dialog shows this table; a value not in it (nor one of ours) makes the row invalid.
 */
export const STATUS_TABLE: readonly { values: readonly string[]; status: TContactStatus }[] = [
  {
    status: 'new',
    values: ['New', 'Open', 'Subscriber', 'Lead', 'Open - Not Contacted', 'Not Contacted'],
  },
  {
    status: 'contacted',
    values: [
      'In Progress',
      'Attempted to Contact',
      'Connected',
      'Bad Timing',
      'Working - Contacted',
      'Contacted',
      'Contact in Future',
    ],
  },
  {
    status: 'qualified',
    values: [
      'Open Deal',
      'Marketing Qualified Lead',
      'Sales Qualified Lead',
      'Opportunity',
      'Pre-Qualified',
      'Qualified',
    ],
  },
  { status: 'converted', values: ['Customer', 'Evangelist', 'Closed - Converted', 'Converted'] },
];

const STATUS_BY_KEY = new Map<string, TContactStatus>([
  ...CONTACT_STATUSES.map((s) => [s, s] as const),
  ...STATUS_TABLE.flatMap(({ values, status }) =>
    values.map((v) => [headerKey(v), status] as const),
  ),
]);

/** Our status for an exported one, or the value itself (to be refused as it is) when unknown. */
export const statusFromExport = (value: string): string =>
  STATUS_BY_KEY.get(headerKey(value)) ?? value;

/**
 * The column names of a CSV header line (RFC 4180 quoting; a header does not span lines). For the
 * dialog, which reads only the start of a file.
 */
export function headerColumns(firstLine: string): string[] {
  const line = firstLine.replace(/^\uFEFF/, '');
  const columns: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      columns.push(cell.trim());
      cell = '';
    } else cell += c;
  }
  columns.push(cell.trim());
  return columns.filter((c) => c !== '');
}
