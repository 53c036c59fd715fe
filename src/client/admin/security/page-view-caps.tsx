import { AlertTriangle, BarChart3 } from 'lucide-react';
import type { TSecurityStats } from '../../../shared/security.schema';
import type { TPageViewCap } from '../../../shared/web-analytics.schema';
import { formatNumber } from '../lib/format';

const CAP_TEXT: Record<TPageViewCap, string> = {
  views: "the day's page views",
  path: 'distinct pages',
  referrer: 'distinct referring sites',
  source: 'distinct utm_source values',
  medium: 'distinct utm_medium values',
  campaign: 'distinct utm_campaign values',
  term: 'distinct utm_term values',
  content: 'distinct utm_content values',
  networkVisitors: 'visitors of one network',
};

/**
 * Today's page views (UTC), and which of the day's caps a flood reached: what past them was
 * dropped or counted as "(other)".
 */
export function PageViewCaps({ today }: { today: TSecurityStats['pageViewsToday'] }) {
  const reached = today.capped;
  return (
    <div className="text-sm sm:col-span-2 xl:col-span-4" data-testid="page-view-caps">
      <p className="text-slate-600">
        <BarChart3 className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />
        {formatNumber(today.views)} page {today.views === 1 ? 'view' : 'views'} counted today (UTC)
      </p>
      {reached.length > 0 && (
        <p
          role="status"
          className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900"
        >
          <AlertTriangle className="mr-1.5 inline size-4 align-[-3px]" aria-hidden />
          Page-view caps reached today: {reached.map((cap) => CAP_TEXT[cap]).join(', ')}.
          {today.dropped > 0 && ` ${formatNumber(today.dropped)} page views were not stored.`} Past
          a cap, page views are not stored, and new values or visitors count as “Other”: a flood, or
          more traffic than ANALYTICS_DAILY_VIEW_CAP and ANALYTICS_DAILY_KEY_CAP allow.
        </p>
      )}
    </div>
  );
}
