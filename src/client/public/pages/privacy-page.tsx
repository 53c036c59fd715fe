import { useEffect, useState } from 'react';
import { apiRequest } from '../../lib/api-request';
import type { TCurrentPrivacyNotice } from '../../../shared/privacy.schema';
import { FIRST_PRIVACY_NOTICE } from '../../../shared/privacy-notice-text';
import { PageHero } from '../components/page-hero';
import { PublicLayout } from '../layout/public-layout';

const publishedOn = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * The notice in force: prerendered with the first version (the build has no database), then
 * the current one from the server, which the contact form's consent names by its version.
 */
function useCurrentNotice(): TCurrentPrivacyNotice | null {
  const [notice, setNotice] = useState<TCurrentPrivacyNotice | null>(null);
  useEffect(() => {
    let live = true;
    apiRequest('GET', '/api/privacy/notice')
      .then((res) => res.json() as Promise<TCurrentPrivacyNotice>)
      .then((current) => live && setNotice(current))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return notice;
}

export function PrivacyPage() {
  const notice = useCurrentNotice();
  const paragraphs = (notice?.text ?? FIRST_PRIVACY_NOTICE).split(/\n\s*\n/);
  return (
    <PublicLayout>
      <PageHero
        eyebrow="Privacy"
        title="Privacy notice"
        intro="What we do with the details you send us, and how to have them copied or erased."
      />
      <section aria-label="The privacy notice" className="bg-white py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          {/* The line is kept while the current version loads, so nothing below it moves. */}
          <p className="min-h-6 text-sm text-slate-600" data-testid="privacy-notice-version">
            {notice &&
              `Version ${notice.version}, published ${publishedOn.format(new Date(notice.createdAt))}`}
          </p>
          <div className="mt-6 space-y-5 text-lg leading-relaxed whitespace-pre-line text-slate-800">
            {paragraphs.map((p, i) => (
              <p key={i}>{p}</p>
            ))}
          </div>
        </div>
      </section>
    </PublicLayout>
  );
}
