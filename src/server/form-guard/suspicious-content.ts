import type { TSeverity } from '../../shared/security.schema';
import { normaliseForChecks } from './normalise-text';

export interface SubmissionText {
  name: string;
  company?: string | null;
  message: string;
}

export interface ContentVerdict {
  severity: TSeverity;
  details: string;
}

const URL_PATTERN = /\bhttps?:\/\/|\bwww\.[a-z0-9-]+\.[a-z]{2,}|\[url[=\]]|<a\s+href/gi;
const MAX_LINKS = 2;

// Multi-word phrases typical of form spam; single words would hit honest messages.
const SPAM_PHRASES = [
  'buy now',
  'click here',
  'casino',
  'viagra',
  'cialis',
  'payday loan',
  'crypto investment',
  'bitcoin investment',
  'double your bitcoin',
  'make money fast',
  'earn money from home',
  'work from home and earn',
  'guaranteed first page',
  'first page of google',
  'seo services',
  'backlinks',
  'increase your traffic',
  'limited time offer',
  '100% free',
  'risk-free',
  'adult dating',
  'hot singles',
  'online pharmacy',
  'cheap meds',
  'forex signals',
  'congratulations you have won',
];

function countLinks(text: string): number {
  return text.match(URL_PATTERN)?.length ?? 0;
}

/** A word no language writes: a long consonant run, or long and almost vowel-free, or a stuck key. */
export function isGibberishWord(word: string): boolean {
  const w = word.toLowerCase();
  if (w.length < 7) return false;
  if (/(.)\1{4,}/.test(w)) return true;
  if (/[bcdfghjklmnpqrstvwxz]{6,}/.test(w)) return true;
  const vowels = w.replace(/[^aeiouy]/g, '').length;
  return w.length >= 12 && vowels / w.length < 0.15;
}

function gibberishShare(text: string): { words: number; share: number } {
  const words = text.match(/[a-z]+/gi) ?? [];
  if (!words.length) return { words: 0, share: 0 };
  return { words: words.length, share: words.filter(isGibberishWord).length / words.length };
}

/**
 * Link stuffing, spam phrases and keyboard-mash text; null when the submission reads as human.
 * Reads the normalised text, so invisible, full-width and look-alike characters do not hide them.
 */
export function checkContent(submitted: SubmissionText): ContentVerdict | null {
  const s = {
    name: normaliseForChecks(submitted.name),
    company: normaliseForChecks(submitted.company ?? ''),
    message: normaliseForChecks(submitted.message),
  };
  const all = `${s.name}\n${s.company}\n${s.message}`;
  const links = countLinks(all);
  if (countLinks(`${s.name} ${s.company}`) > 0) {
    return {
      severity: 'high',
      details: 'Link in the name or company field',
    };
  }
  if (links > MAX_LINKS) {
    return {
      severity: 'high',
      details: `Link stuffing: ${links} links`,
    };
  }
  const lower = all.toLowerCase();
  const phrase = SPAM_PHRASES.find((p) => lower.includes(p));
  if (phrase) {
    return {
      severity: 'medium',
      details: `Spam phrase: "${phrase}"`,
    };
  }
  const message = gibberishShare(s.message);
  const name = gibberishShare(s.name);
  if ((message.words >= 1 && message.share >= 0.5) || (name.words >= 1 && name.share === 1)) {
    return {
      severity: 'low',
      details: `Gibberish text (${Math.round(Math.max(message.share, name.share) * 100)}% of words)`,
    };
  }
  return null;
}
