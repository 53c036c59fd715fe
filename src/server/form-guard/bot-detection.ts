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
// defaults. A person filling the form uses a browser, which sends neither. Every pattern is a
// plain alternation (no nested quantifiers) and runs on at most the first 512 characters.
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
];
/**
 * Crawlers, which look like browsers (`Mozilla/5.0 (compatible; Googlebot/2.1; +http://...)`):
 * by name, by a `…bot/1.0` product token, or by the `+http` info link only crawlers send. A
 * plain `bot` word ending would flag real phones (CUBOT), so it is not used.
 */
const CRAWLERS = [
  /googlebot|google-inspectiontool|googleother|google-extended|adsbot-google|mediapartners-google/i,
  /bingbot|bingpreview|msnbot|adidxbot|duckduckbot|slurp|yandex(bot|images|metrika)|baiduspider|sogou|exabot|seznambot|naver|yeti\//i,
  /ahrefsbot|semrushbot|mj12bot|dotbot|petalbot|blexbot|dataforseobot|serpstatbot|rogerbot|screaming frog/i,
  /gptbot|chatgpt-user|oai-searchbot|claudebot|claude-web|anthropic-ai|perplexitybot|ccbot|bytespider|amazonbot|applebot|cohere-ai|diffbot|omgili|youbot/i,
  /facebookexternalhit|facebookcatalog|meta-externalagent|twitterbot|linkedinbot|slackbot|discordbot|telegrambot|whatsapp|skypeuripreview|pinterestbot|redditbot|embedly/i,
  /[a-z]bot\/\d|\bbot\b|crawler|spider|scraper|archiver|\+https?:\/\//i,
];

/** Automation signatures in the request headers, or null for a browser-looking request. */
export function detectBot(s: RequestSignals): BotVerdict | null {
  const ua = s.userAgent.trim().slice(0, 512);
  if (!ua) return { severity: 'high', details: 'No User-Agent header' };
  const automation = AUTOMATION.find((re) => re.test(ua));
  if (automation)
    return {
      severity: 'high',
      details: `Automation user agent (${automation.source.replace(/\\/g, '')})`,
    };
  if (HTTP_LIBRARIES.some((re) => re.test(ua)))
    return { severity: 'medium', details: 'HTTP library user agent' };
  if (CRAWLERS.some((re) => re.test(ua)))
    return { severity: 'medium', details: 'Crawler user agent' };
  if (!/mozilla\/|opera\//i.test(ua))
    return { severity: 'medium', details: 'User agent is not a browser' };
  if (!s.acceptLanguage.trim() || s.acceptLanguage.trim() === '*') {
    return { severity: 'medium', details: 'Browser user agent without Accept-Language' };
  }
  return null;
}
