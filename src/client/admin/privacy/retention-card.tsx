import { useState } from 'react';
import { RETENTION_DAYS, ZPrivacySettings } from '../../../shared/privacy.schema';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { ConfirmDialog } from '../components/confirm-dialog';
import { Form, formFields } from '../components/form';
import { QueryState } from '../components/query-state';
import { formatDateTime, formatNumber } from '../lib/format';
import { notifyError, notifySuccess, notifyWrite } from '../lib/notify';
import { showServerFieldErrors, useSchemaForm } from '../lib/schema-form';

interface RetentionForm {
  retention: { unconvertedLeadDays: number | null };
}
const { FormField } = formFields<RetentionForm>('retention');

const plural = (n: number, one: string, many = `${one}s`) =>
  `${formatNumber(n)} ${n === 1 ? one : many}`;

/** A blank field is "keep leads" (null); anything else is read as a number of days. */
const daysOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

function RetentionSettingsForm({ days }: { days: number | null }) {
  const utils = trpc.useUtils();
  const form = useSchemaForm(ZPrivacySettings, { retention: { unconvertedLeadDays: days } });
  const save = trpc.admin.privacy.updateSettings.useMutation(
    notifyWrite('Retention saved', 'Failed to save retention', () =>
      utils.admin.privacy.invalidate(),
    ),
  );
  return (
    <Form
      form={form}
      onSubmit={(values) =>
        save.mutate(values, { onError: (error) => showServerFieldErrors(form, error) })
      }
      className="flex flex-col gap-3 sm:flex-row sm:items-start"
    >
      <div className="sm:w-80">
        <FormField
          name="retention.unconvertedLeadDays"
          label={`Erase unconverted leads untouched for (days, ${RETENTION_DAYS.min}–${formatNumber(RETENTION_DAYS.max)}; blank keeps them)`}
          type="number"
          inputMode="numeric"
          parse={daysOrNull}
        />
      </div>
      <Button type="submit" className="sm:mt-6" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Retention'}
      </Button>
    </Form>
  );
}

/** Retention that runs itself: the rule, what it would erase now, and a run on demand. */
export function RetentionCard() {
  const utils = trpc.useUtils();
  const settings = trpc.admin.privacy.settings.useQuery();
  const preview = trpc.admin.privacy.retentionPreview.useQuery();
  const [confirming, setConfirming] = useState(false);
  const run = trpc.admin.privacy.runRetention.useMutation({
    onSuccess: (done) =>
      notifySuccess(
        `Erased ${plural(done.counts.contacts, 'contact')} of ${plural(done.addresses, 'address', 'addresses')}`,
      ),
    onError: (error) => notifyError('Failed to run retention', error),
    onSettled: () => utils.invalidate(),
  });
  const p = preview.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Retention</CardTitle>
        <CardDescription>
          Leads never converted, with no change, note or call for the set number of days, are erased
          every night (after 02:00 company time) as a person&apos;s request is, each address in the
          ledger. An address with any lead still in play is kept whole.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <QueryState query={settings} loadingText="Loading retention..." errorTitle="Failed to load">
          {(s) => (
            <RetentionSettingsForm
              key={String(s.retention.unconvertedLeadDays)}
              days={s.retention.unconvertedLeadDays}
            />
          )}
        </QueryState>
        {p && (
          <div className="flex flex-col gap-3 rounded-lg bg-slate-50 p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
            <p className="text-slate-800" aria-live="polite">
              {p.unconvertedLeadDays === null
                ? 'Retention is off: leads are kept.'
                : `Now: ${plural(p.contacts, 'contact')} (${plural(p.addresses, 'address', 'addresses')}) untouched since ${formatDateTime(p.cutoff!)} would be erased.`}
            </p>
            {p.unconvertedLeadDays !== null && (
              <Button
                variant="secondary"
                disabled={run.isPending || p.contacts === 0}
                onClick={() => setConfirming(true)}
              >
                {run.isPending ? 'Running...' : 'Run Now'}
              </Button>
            )}
          </div>
        )}
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Run retention now?"
          description={`${plural(p?.contacts ?? 0, 'contact')} and everything about them are erased for good.`}
          confirmLabel="Erase Now"
          onConfirm={() => run.mutate()}
        />
      </CardContent>
    </Card>
  );
}
