import type { TSeverity } from '../../shared/security.schema';

export interface RequestSignals {
  userAgent: string;
  acceptLanguage: string;
}

export interface BotVerdict {
  severity: TSeverity;
  details: string;
}

// Automation frameworks and headless browsers announce themselves; HTTP libraries send their
// defaults. A person filling the form uses a browser, which sends neither.
const AUTOMATION = [
  /headless/i,
  /phantomjs/i,
  /selenium/i,
  /webdriver/i,
  /puppeteer/i,
  /playwright/i,
  /electron/i,
  /slimerjs/i,
];
const HTTP_LIBRARIES = [
  /^curl\//i,
  /^wget\//i,
  /python-requests|python-urllib|aiohttp|httpx/i,
  /^go-http-client/i,
  /^java\/|okhttp|apache-httpclient/i,
  /^node(-fetch)?$|undici|axios|got \(|^node\//i,
  /libwww-perl|lwp::|mechanize/i,
  /scrapy|httpclient|postmanruntime|insomnia|^ruby|^php/i,
  /\b(bot|crawler|spider|scraper)\b/i,
];

/** Automation signatures in the request headers, or null for a browser-looking request. */
export function detectBot(s: RequestSignals): BotVerdict | null {
  const ua = s.userAgent.trim();
  if (!ua) return { severity: 'high', details: 'No User-Agent header' };
  const automation = AUTOMATION.find((re) => re.test(ua));
  if (automation)
    return {
      severity: 'high',
      details: `Automation user agent (${automation.source.replace(/\\/g, '')})`,
    };
  const library = HTTP_LIBRARIES.find((re) => re.test(ua));
  if (library) return { severity: 'medium', details: 'HTTP library or crawler user agent' };
  if (!/mozilla\/|opera\//i.test(ua))
    return { severity: 'medium', details: 'User agent is not a browser' };
  if (!s.acceptLanguage.trim() || s.acceptLanguage.trim() === '*') {
    return { severity: 'medium', details: 'Browser user agent without Accept-Language' };
  }
  return null;
}
