import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiRequest, errorMessage } from '../../lib/api-request';
import { toast } from '../../lib/use-toast';
import { rememberBookingLink } from '../booking/booking-link';
import {
  validateContactForm,
  type TContactFormErrors,
  type TContactFormValues,
} from '../../../shared/contact-form';
import type { TFormToken } from '../../../shared/contacts.schema';

/** The product (docs/PRODUCT.md): the confirmation panel stays 3000 ms before the form resets. */
export const SUCCESS_PANEL_MS = 3000;

export const EMPTY_CONTACT: TContactFormValues = {
  name: '',
  email: '',
  company: '',
  phone: '',
  message: '',
  website: '',
};

interface FormToken {
  token: string;
  /** When we received it, and how long the server wants between that and a submission. */
  receivedAt: number;
  minFillMs: number;
  /** The privacy notice version the form's link shows, sent back with the consent. */
  noticeVersion?: number;
}

/**
 * The server hands out a signed form token (bot protection) and rejects submissions sent sooner
 * than `minFormFillTime` seconds after it was issued. Optional: any failure means no token.
 */
async function fetchFormToken(): Promise<FormToken | undefined> {
  try {
    const res = await apiRequest('GET', '/api/contacts/form-token');
    const data = (await res.json()) as Partial<TFormToken>;
    if (typeof data.token !== 'string') return undefined;
    const minFillSeconds = typeof data.minFormFillTime === 'number' ? data.minFormFillTime : 0;
    const noticeVersion = typeof data.noticeVersion === 'number' ? data.noticeVersion : undefined;
    return {
      token: data.token,
      receivedAt: Date.now(),
      minFillMs: minFillSeconds * 1000,
      noticeVersion,
    };
  } catch {
    return undefined;
  }
}

/** A person who pastes or autofills quickly should not be mistaken for a bot: wait out the rest. */
function waitForMinFillTime(token: FormToken | undefined): Promise<void> {
  const remaining = token ? token.receivedAt + token.minFillMs + 250 - Date.now() : 0;
  return remaining > 0 ? new Promise((r) => setTimeout(r, remaining)) : Promise.resolve();
}

/** The fields a person fills in: everything but the honeypot (`website`). */
const VISIBLE_FIELDS = ['name', 'email', 'company', 'phone', 'message'] as const;

/**
 * What the visitor typed into the prerendered form before the JavaScript arrived. Hydration
 * leaves those values in the DOM but the state starts empty, so the next render would wipe
 * them and validation would call filled fields empty: read them back from the DOM instead.
 * Never the honeypot: only a bot (or a stray autofill) puts anything there.
 */
function typedBeforeHydration(form: HTMLFormElement | null): Partial<TContactFormValues> {
  const typed: Partial<TContactFormValues> = {};
  for (const field of VISIBLE_FIELDS) {
    const el = form?.elements.namedItem(field);
    if ((el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) && el.value)
      typed[field] = el.value;
  }
  return typed;
}

export function useContactForm() {
  const [values, setValues] = useState<TContactFormValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<TContactFormErrors>({});
  const [pending, setPending] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const [newsOptIn, setNewsOptIn] = useState(false);
  const token = useRef<FormToken | undefined>(undefined);
  const resetTimer = useRef<number | undefined>(undefined);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    const typed = typedBeforeHydration(formRef.current);
    if (Object.keys(typed).length > 0) setValues((v) => ({ ...v, ...typed }));
    const news = formRef.current?.elements.namedItem('marketingOptIn');
    if (news instanceof HTMLInputElement && news.checked) setNewsOptIn(true);
    void fetchFormToken().then((t) => (token.current = t));
    return () => window.clearTimeout(resetTimer.current);
  }, []);

  const setField = (field: keyof TContactFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Clear a field's error as soon as the visitor fixes it, not only on the next submit.
    if (field in errors) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateContactForm(values);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      const first = (['name', 'email', 'message'] as const).find((f) => found[f]);
      if (first) document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setPending(true);
    try {
      await waitForMinFillTime(token.current);
      const res = await apiRequest('POST', '/api/contacts', {
        ...values,
        ...(token.current ? { formToken: token.current.token } : {}),
        consent: { noticeVersion: token.current?.noticeVersion, marketingOptIn: newsOptIn },
      });
      const answer = (await res.json().catch(() => ({}))) as { booking?: { url?: string } };
      if (answer.booking?.url) rememberBookingLink(answer.booking.url);
      toast({
        title: 'Message Sent Successfully!',
        description: 'Thank you for contacting us! Our AI system will respond immediately.',
      });
      setSubmitted(true);
      resetTimer.current = window.setTimeout(() => {
        setSubmitted(false);
        setValues(EMPTY_CONTACT);
        setNewsOptIn(false);
        setErrors({});
      }, SUCCESS_PANEL_MS);
      token.current = await fetchFormToken();
    } catch (err) {
      toast({
        title: 'Error',
        description: errorMessage(err, 'Failed to submit form. Please try again.'),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  };

  return {
    values,
    errors,
    pending,
    submitted,
    setField,
    newsOptIn,
    setNewsOptIn,
    onSubmit,
    formRef,
  };
}
