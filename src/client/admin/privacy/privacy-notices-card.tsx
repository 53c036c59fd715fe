import { ZPrivacyNoticeCreate, type TPrivacyNotice } from '../../../shared/privacy.schema';
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
import { QueryState } from '../components/query-state';
import { formatDateTime } from '../lib/format';
import { notifyWrite } from '../lib/notify';
import { showServerFieldErrors, useSchemaForm } from '../lib/schema-form';

const { FormTextArea } = formFields<{ text: string }>('notice');

function NoticeVersion({ notice, current }: { notice: TPrivacyNotice; current: boolean }) {
  return (
    <li className="rounded-lg border border-slate-200 p-4">
      <p className="text-sm font-medium text-slate-900">
        Version {notice.version}
        {current && (
          <span className="ml-2 rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800">
            Current
          </span>
        )}
      </p>
      <p className="mt-1 text-xs text-slate-600">
        Published {formatDateTime(notice.createdAt)} by{' '}
        {notice.createdBy?.username ?? 'the product (its first text)'}
      </p>
      <p className="mt-3 whitespace-pre-line text-sm text-slate-800">{notice.text}</p>
    </li>
  );
}

/** The notice's versions, newest first, and the form that publishes the next one. */
export function PrivacyNoticesCard() {
  const utils = trpc.useUtils();
  const notices = trpc.admin.privacy.notices.useQuery();
  const form = useSchemaForm(ZPrivacyNoticeCreate, { text: '' });
  const publish = trpc.admin.privacy.publishNotice.useMutation(
    notifyWrite('Privacy notice published', 'Failed to publish the notice', () =>
      utils.admin.privacy.notices.invalidate(),
    ),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Privacy Notice</CardTitle>
        <CardDescription>
          What the contact form links to. Each consent names the version its person was shown, so
          versions are kept as published.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Form
          form={form}
          onSubmit={(values) =>
            publish.mutate(values, {
              onSuccess: () => form.reset({ text: '' }),
              onError: (error) => showServerFieldErrors(form, error),
            })
          }
          className="space-y-3"
        >
          <FormTextArea name="text" label="Next version's text" rows={5} />
          <Button type="submit" disabled={publish.isPending}>
            {publish.isPending ? 'Publishing...' : 'Publish New Version'}
          </Button>
        </Form>
        <QueryState query={notices} loadingText="Loading notices..." errorTitle="Failed to load">
          {(all) => (
            <ol className="space-y-3" aria-label="Notice versions">
              {all.map((n, i) => (
                <NoticeVersion key={n.version} notice={n} current={i === 0} />
              ))}
            </ol>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}
