import { Download } from 'lucide-react';
import {
  ZPrivacyExportRequest,
  privacyExportFileName,
  type TPrivacyExport,
} from '../../../shared/privacy.schema';
import { Button } from '../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../components/ui/card';
import { trpc } from '../../lib/trpc';
import { Form, formFields } from '../components/form';
import { notifyError, notifySuccess } from '../lib/notify';
import { showServerFieldErrors, useSchemaForm } from '../lib/schema-form';

const { FormField } = formFields<{ email: string }>('privacy-export');

/** Hands the export to the browser as the JSON file the REST call names. */
function download(held: TPrivacyExport) {
  const blob = new Blob([JSON.stringify(held, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = privacyExportFileName(held);
  link.click();
  URL.revokeObjectURL(url);
}

/** "What do you hold about me": everything held about an address, as a JSON download. */
export function PrivacyExportCard() {
  const form = useSchemaForm(ZPrivacyExportRequest, { email: '' });
  const exportPerson = trpc.admin.privacy.exportPerson.useMutation({
    onSuccess: (held) => {
      download(held);
      notifySuccess(
        held.contacts.length
          ? `Exported ${held.contacts.length === 1 ? '1 contact' : `${held.contacts.length} contacts`} and everything about ${held.email}`
          : `Nothing is held about ${held.email}; the file says so`,
      );
    },
    onError: (error) => {
      showServerFieldErrors(form, error);
      notifyError('Failed to export the data', error);
    },
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Export a Person&apos;s Data</CardTitle>
        <CardDescription>
          Everything held about an email address (any case): contacts with their consent, timeline
          and notes, emails, webhook deliveries, bookings, quarantine, import errors and audit
          entries. The export is audited.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form
          form={form}
          onSubmit={(values) => exportPerson.mutate(values)}
          className="flex flex-col gap-3 sm:flex-row sm:items-start"
        >
          <div className="sm:w-80">
            <FormField name="email" label="Email address" type="email" autoComplete="off" />
          </div>
          <Button type="submit" className="sm:mt-6" disabled={exportPerson.isPending}>
            <Download aria-hidden />
            {exportPerson.isPending ? 'Exporting...' : 'Export Data'}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
