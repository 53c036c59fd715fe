import { CheckCircle2, Send } from 'lucide-react';
import { Link } from 'wouter';
import { ctaClass, FIELD_CLASS } from '../components/cta-styles';
import { FieldError } from '../../components/ui/field-error';
import { CONTACT_LIMITS, type TContactFormValues } from '../../../shared/contact-form';
import { useContactForm } from './use-contact-form';

type Field = Exclude<keyof TContactFormValues, 'website'>;

const FIELDS: {
  name: Field;
  label: string;
  type: string;
  autoComplete: string;
  required?: boolean;
  placeholder: string;
}[] = [
  {
    name: 'name',
    label: 'Full name',
    type: 'text',
    autoComplete: 'name',
    required: true,
    placeholder: 'Jordan Smith',
  },
  {
    name: 'email',
    label: 'Work email',
    type: 'email',
    autoComplete: 'email',
    required: true,
    placeholder: 'jordan@company.com',
  },
  {
    name: 'company',
    label: 'Company',
    type: 'text',
    autoComplete: 'organization',
    placeholder: 'Acme Inc.',
  },
  {
    name: 'phone',
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel',
    placeholder: '(555) 123-4567',
  },
];

export function ContactForm() {
  const { formRef, ...form } = useContactForm();
  const { values, errors, setField } = form;

  if (form.submitted) {
    return (
      <div
        role="status"
        className="flex flex-col items-center rounded-2xl border border-accent/40 bg-teal-50 p-10 text-center"
      >
        <CheckCircle2 className="size-12 text-accent-700" aria-hidden />
        <p className="mt-4 text-xl font-semibold text-slate-900">
          Thank you! Our AI team will respond immediately.
        </p>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={form.onSubmit}
      className="relative space-y-5"
      aria-label="Book your strategy call"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map((f) => {
          const error = f.name === 'name' || f.name === 'email' ? errors[f.name] : undefined;
          return (
            <div key={f.name}>
              <label
                className="mb-1 block text-sm font-medium text-slate-800"
                htmlFor={`contact-${f.name}`}
              >
                {f.label}
                {f.required && (
                  <span className="text-red-700" aria-hidden>
                    {' '}
                    *
                  </span>
                )}
              </label>
              <input
                className={`${FIELD_CLASS} h-10`}
                id={`contact-${f.name}`}
                name={f.name}
                type={f.type}
                autoComplete={f.autoComplete}
                placeholder={f.placeholder}
                maxLength={CONTACT_LIMITS[f.name]}
                aria-required={f.required}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `contact-${f.name}-error` : undefined}
                value={values[f.name]}
                onChange={(e) => setField(f.name, e.target.value)}
              />
              <FieldError id={`contact-${f.name}-error`} message={error} />
            </div>
          );
        })}
      </div>
      <div>
        <label className="mb-1 block text-sm font-medium text-slate-800" htmlFor="contact-message">
          How can we help?
          <span className="text-red-700" aria-hidden>
            {' '}
            *
          </span>
        </label>
        <textarea
          className={`${FIELD_CLASS} min-h-28`}
          id="contact-message"
          name="message"
          rows={5}
          maxLength={CONTACT_LIMITS.message}
          placeholder="Lead volume, channels, and the result you want in 90 days"
          aria-required
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
          value={values.message}
          onChange={(e) => setField('message', e.target.value)}
        />
        <FieldError id="contact-message-error" message={errors.message} />
      </div>
      {/* Honeypot: off-screen, unfocusable and hidden from assistive tech; only bots fill it in. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label htmlFor="contact-website">Website (leave empty)</label>
        <input
          id="contact-website"
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={values.website}
          onChange={(e) => setField('website', e.target.value)}
        />
      </div>
      {/* Consent: the opt-in is optional and unticked; the notice says what the form's data is for. */}
      <label className="flex w-fit items-center gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          name="marketingOptIn"
          className="size-5 accent-primary"
          checked={form.newsOptIn}
          onChange={(e) => form.setNewsOptIn(e.target.checked)}
        />
        Send me occasional product news
      </label>
      <p className="text-sm text-slate-600">
        We use your details to answer you and book your call, as our{' '}
        <Link href="/privacy" className="font-medium text-primary-700 underline underline-offset-2">
          privacy notice
        </Link>{' '}
        explains.
      </p>
      <button
        type="submit"
        className={ctaClass('primary', 'lg', 'w-full sm:w-auto')}
        disabled={form.pending}
      >
        <Send aria-hidden />
        {form.pending ? 'Submitting...' : 'Book My Strategy Call'}
      </button>
      <p className="text-sm text-slate-600">
        Fields marked * are required. Our AI replies instantly; a strategist follows up within one
        business hour.
      </p>
    </form>
  );
}
