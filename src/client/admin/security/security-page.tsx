import { useState } from 'react';
import type { TSecurityPeriod } from '../../../shared/security.schema';
import { FilterSelect } from '../components/filter-select';
import { PageHeader } from '../components/page-header';
import { QuarantinePanel } from './quarantine-panel';
import { SecurityLogPanel } from './security-log-panel';
import { SecuritySettingsPanel } from './security-settings-panel';
import { SecurityTiles } from './security-tiles';

const PERIODS = [
  { value: '24h', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
] as const;

export function SecurityPage() {
  const [period, setPeriod] = useState<TSecurityPeriod>('7d');
  return (
    <div>
      <PageHeader
        title="Security Center"
        subtitle="Monitor and manage security features and threats"
        actions={
          <FilterSelect label="Period" value={period} onChange={setPeriod} options={PERIODS} />
        }
      />
      <div className="space-y-6">
        <SecurityTiles period={period} />
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <SecuritySettingsPanel />
          <SecurityLogPanel />
        </div>
        <QuarantinePanel />
      </div>
    </div>
  );
}
