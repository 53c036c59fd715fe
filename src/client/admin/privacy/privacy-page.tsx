import { PageHeader } from '../components/page-header';
import { ErasureLedgerCard } from './erasure-ledger-card';
import { PrivacyExportCard } from './privacy-export-card';
import { PrivacyNoticesCard } from './privacy-notices-card';
import { RetentionCard } from './retention-card';

/**
 * Personal data under control: a person's data exported or erased (with the ledger), the
 * retention rule, and the notice people consent under.
 */
export function PrivacyPage() {
  return (
    <div>
      <PageHeader
        title="Privacy"
        subtitle="What is held about a person, how long it is kept, and the notice people consent under"
      />
      <div className="grid grid-cols-1 gap-4">
        <PrivacyExportCard />
        <ErasureLedgerCard />
        <RetentionCard />
        <PrivacyNoticesCard />
      </div>
    </div>
  );
}
