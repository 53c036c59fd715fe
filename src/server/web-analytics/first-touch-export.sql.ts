import { sql } from 'kysely';
import { exportedRows } from '../db/exported-rows.sql';
import type { ExportSection } from '../privacy-hooks';
import { LEAD_KEY } from './funnel.sql';

/** A person's export: how each of their contacts first came (source, campaign, landing page). */
export const firstTouchExport: ExportSection = {
  name: 'firstTouch',
  table: 'contacts',
  rows: (em, { contactIds }) =>
    exportedRows(
      em,
      sql`select jsonb_build_object('contactId', c.id, 'source', ${LEAD_KEY.source},
                   'campaign', ${LEAD_KEY.campaign}, 'landingPage', ${LEAD_KEY.landingPage}) as row
            from contacts c where c.id = any(${contactIds}::int[]) order by c.id`,
    ),
};
