import { PageHeader } from '../components/page-header';
import { PrivacyExportCard } from './privacy-export-card';
import { PrivacyNoticesCard } from './privacy-notices-card';

/** Personal data under control: the notice people consent under, and a person's data export. */
export function PrivacyPage() {
  return (
    <div>
      <PageHeader
        title="Privacy"
        subtitle="The notice people consent under, and what is held about a person"
      />
      <div className="grid grid-cols-1 gap-4">
        <PrivacyExportCard />
        <PrivacyNoticesCard />
      </div>
    </div>
  );
}
