import type { ComponentProps, ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import {
  AUTO_REPLY_HOURLY_LIMIT,
  renderTemplate,
  ZNotificationSettingsForm,
  type TemplateValues,
  type TNotificationSettings,
  type TNotificationSettingsFormInput,
} from '../../../shared/notifications.schema';
import { Button } from '../../components/ui/button';
import { trpc } from '../../lib/trpc';
import { Form, formFields } from '../components/form';
import { notifyCrud } from '../lib/notify';
import { saveThrough, useSchemaForm } from '../lib/schema-form';

/** What the preview fills the templates with. */
const SAMPLE_LEAD: TemplateValues = {
  name: 'Jordan Lee',
  email: 'jordan@example.com',
  company: 'Northwind Dental',
  phone: '(555) 010-2030',
  message: 'We miss half of our inbound calls after 5 pm. Can your agents help?',
  source: 'website',
  contactUrl: `${typeof window === 'undefined' ? '' : window.location.origin}/admin/contacts`,
};

const { FormField, FormTextArea, FormSwitch } =
  formFields<TNotificationSettingsFormInput>('notifications');

/** A template is edited in a monospaced box, so placeholders and line breaks read as they are. */
function TemplateField(props: ComponentProps<typeof FormTextArea>) {
  return <FormTextArea rows={7} className="font-mono text-xs" {...props} />;
}

function Preview({ title, subject, body }: { title: string; subject: string; body: string }) {
  return (
    <section aria-label={title} className="rounded-md border border-slate-200 bg-slate-50 p-3">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{title}</p>
      <p className="mt-1 text-sm font-medium text-slate-900">
        {renderTemplate(subject, SAMPLE_LEAD)}
      </p>
      <p className="mt-2 whitespace-pre-wrap text-sm text-slate-700">
        {renderTemplate(body, SAMPLE_LEAD)}
      </p>
    </section>
  );
}

/** The two messages a lead sets off, by the prefix of their subject and body fields. */
const MESSAGES = {
  alert: { id: 'alert', label: 'New-lead alert' },
  autoReply: { id: 'auto-reply', label: 'Auto-reply' },
} as const;

/** A message's subject and body fields, beside what they produce (or why nothing is sent). */
function MessageTemplate({ message, aside }: { message: keyof typeof MESSAGES; aside: ReactNode }) {
  const { id, label } = MESSAGES[message];
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
      <div className="space-y-3">
        <FormField name={`${message}Subject`} id={`${id}-subject`} label={`${label}: subject`} />
        <TemplateField name={`${message}Body`} id={`${id}-body`} label={`${label}: message`} />
      </div>
      {aside}
    </div>
  );
}

export function NotificationSettingsForm({ initial }: { initial: TNotificationSettings }) {
  const utils = trpc.useUtils();
  const form = useSchemaForm(ZNotificationSettingsForm, {
    ...initial,
    alertRecipients: initial.alertRecipients.join('\n'),
  });
  const [alertSubject, alertBody, autoReplySubject, autoReplyBody, autoReplyEnabled] = useWatch({
    control: form.control,
    name: ['alertSubject', 'alertBody', 'autoReplySubject', 'autoReplyBody', 'autoReplyEnabled'],
  });
  const save = trpc.admin.notifications.updateSettings.useMutation(
    notifyCrud('save', 'notification settings', () => utils.admin.notifications.invalidate()),
  );

  return (
    <Form form={form} className="space-y-5" onSubmit={saveThrough(form, save)}>
      <TemplateField
        name="alertRecipients"
        id="alert-recipients"
        label="Alert recipients (one email per line)"
        rows={3}
        placeholder="sales@yourcompany.com"
      />
      <MessageTemplate
        message="alert"
        aside={<Preview title="Alert preview" subject={alertSubject} body={alertBody} />}
      />
      <FormSwitch
        name="autoReplyEnabled"
        label="Auto-reply to the lead"
        hint="Plain text and HTML, no tracking pixels"
      />
      <MessageTemplate
        message="autoReply"
        aside={
          autoReplyEnabled ? (
            <Preview title="Auto-reply preview" subject={autoReplySubject} body={autoReplyBody} />
          ) : (
            <p className="self-center text-sm text-slate-600">The auto-reply is off.</p>
          )
        }
      />
      <FormField
        name="autoReplyHourlyLimit"
        id="auto-reply-hourly-limit"
        label="Auto-replies per hour, whole site"
        type="number"
        min={AUTO_REPLY_HOURLY_LIMIT.min}
        max={AUTO_REPLY_HOURLY_LIMIT.max}
        className="max-w-40"
      />
      <p className="text-xs text-slate-600">
        Alert placeholders:{' '}
        {'{{name}} {{email}} {{company}} {{phone}} {{message}} {{source}} {{contactUrl}}'}. The
        auto-reply goes to whatever address a visitor types, so it may only use {'{{name}}'} (links,
        addresses and numbers removed, 40 characters), and each address gets at most one a day; more
        are held back in the outbox.
      </p>
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save Settings'}
      </Button>
    </Form>
  );
}
