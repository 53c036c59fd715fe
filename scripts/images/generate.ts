/**
 * Build-time tool that regenerates every illustration in /public (run by hand, output committed):
 *   npm run images
 * Everything is drawn by code so the site needs no stock photos and no third-party hosts.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import sharp from 'sharp';
import { avatar, type AvatarStyle } from './avatar-illustrations';
import { favicon, logo, ogImage } from './brand-marks';
import {
  calendarCard,
  chartCard,
  completionCard,
  mapCard,
  transcriptCard,
  waveformCard,
  workflowCard,
} from './card-illustrations';
import { heroCalendar, heroCall, heroPipeline, heroTranscript } from './hero-illustrations';

const publicDir = resolve(import.meta.dirname, '../../public');

async function write(relative: string, content: string | Buffer) {
  const file = join(publicDir, relative);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, content);
}

const LOGO_TONE = '#475569';
const LOGOS = ['hubspot', 'zendesk', 'shopify', 'stripe', 'intercom', 'atlassian'];

await write('logo.svg', logo());
await write('favicon.svg', favicon());
await write(
  'og-image.png',
  await sharp(Buffer.from(ogImage())).png({ compressionLevel: 9 }).toBuffer(),
);

await write('images/hero/slide-1-call.svg', heroCall());
await write('images/hero/slide-2-transcript.svg', heroTranscript());
await write('images/hero/slide-3-calendar.svg', heroCalendar());
await write('images/hero/slide-4-pipeline.svg', heroPipeline());

await write('images/case-studies/healthcare.svg', calendarCard());
await write(
  'images/case-studies/technology.svg',
  chartCard(
    'Demos booked per week',
    '↑ 70x',
    [6, 8, 9, 14, 40, 72, 98, 110],
    '#E0E7FF',
    'Pipeline chart rising after AI outbound launch',
  ),
);
await write('images/case-studies/security.svg', waveformCard());
await write('images/case-studies/legal.svg', transcriptCard());
await write('images/case-studies/real-estate.svg', mapCard());
await write('images/case-studies/enterprise.svg', workflowCard());
await write('images/case-studies/education.svg', completionCard());
await write(
  'images/case-studies/featured.svg',
  chartCard(
    'Appointments booked, all clients',
    '700,000+',
    [10, 16, 24, 34, 48, 66, 88, 112],
    '#CCFBF1',
    'Booked appointments climbing month over month',
  ),
);

const PEOPLE: Record<string, [string, AvatarStyle]> = {
  'marcus-lee': [
    'Marcus Lee',
    { bg: '#E0E7FF', skin: '#F1C7A4', hair: '#1F2937', shirt: '#4F46E5', hairStyle: 'short' },
  ],
  'priya-raman': [
    'Priya Raman',
    { bg: '#CCFBF1', skin: '#B9825E', hair: '#111827', shirt: '#0F766E', hairStyle: 'long' },
  ],
  'elena-brooks': [
    'Elena Brooks',
    { bg: '#FEF3C7', skin: '#F5D0B5', hair: '#92400E', shirt: '#334155', hairStyle: 'bun' },
  ],
  'maya-chen': [
    'Maya Chen',
    { bg: '#E0E7FF', skin: '#F3D2B3', hair: '#0F172A', shirt: '#4338CA', hairStyle: 'long' },
  ],
  'david-okoro': [
    'David Okoro',
    { bg: '#CCFBF1', skin: '#7C4A2D', hair: '#111827', shirt: '#0F766E', hairStyle: 'curly' },
  ],
  'sofia-alvarez': [
    'Sofia Alvarez',
    { bg: '#FCE7F3', skin: '#D9A27A', hair: '#3F1D0B', shirt: '#9D174D', hairStyle: 'bun' },
  ],
  'james-whitaker': [
    'James Whitaker',
    { bg: '#E2E8F0', skin: '#EBC3A0', hair: '#A16207', shirt: '#1E293B', hairStyle: 'short' },
  ],
};
for (const [slug, [name, style]] of Object.entries(PEOPLE))
  await write(`images/people/${slug}.svg`, avatar(name, style));

for (const slug of LOGOS) {
  const source = await readFile(
    resolve(import.meta.dirname, `../../node_modules/simple-icons/icons/${slug}.svg`),
    'utf8',
  );
  // One neutral tone for every brand, so the strip reads as a calm row rather than a rainbow.
  await write(
    `logos/${slug}.svg`,
    source.replace('<svg ', `<svg width="28" height="28" fill="${LOGO_TONE}" `),
  );
}
console.log('images written to', publicDir);
