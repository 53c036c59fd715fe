import { C, chip, circle, darkBackdrop, rect, svg, text, waveform } from './svg-kit';

const W = 640;
const H = 480;

function card(x: number, y: number, w: number, h: number): string {
  return rect(x, y, w, h, C.ink2, 18, `stroke="${C.ink3}" stroke-width="1.5"`);
}

export function heroCall(): string {
  const body =
    darkBackdrop(W, H, 'hc') +
    card(60, 56, 520, 368) +
    circle(112, 112, 26, C.primary) +
    text(112, 119, 'AI', 18, C.white, 700, 'middle') +
    text(152, 106, 'Convoza Voice Agent', 18, C.white, 700) +
    text(152, 128, 'Live call · 02:14', 14, C.slate400) +
    chip(448, 96, '● LIVE', '#0F3D3A', C.accentLight, 12) +
    waveform(96, 222, 448, 56, 120, [C.primaryLight, C.accent], 11) +
    rect(96, 300, 448, 1, C.ink3) +
    text(96, 334, 'Qualification', 14, C.slate400, 600) +
    chip(96, 348, '✓ Budget', '#1E2550', C.primaryLight) +
    chip(196, 348, '✓ Authority', '#1E2550', C.primaryLight) +
    chip(316, 348, '✓ Timeline', '#1E2550', C.primaryLight) +
    chip(96, 384, 'Demo booked · Thu 10:30 AM', '#0F3D3A', C.accentLight);
  return svg(W, H, body, 'AI voice agent on a live call qualifying a prospect');
}

function bubble(
  x: number,
  y: number,
  w: number,
  lines: string[],
  fill: string,
  color: string,
): string {
  const h = lines.length * 22 + 22;
  return (
    rect(x, y, w, h, fill, 14) +
    lines.map((l, i) => text(x + 16, y + 30 + i * 22, l, 15, color)).join('')
  );
}

export function heroTranscript(): string {
  const body =
    darkBackdrop(W, H, 'ht') +
    card(60, 40, 520, 400) +
    text(92, 84, 'Call transcript', 18, C.white, 700) +
    text(548, 84, '04:51', 14, C.slate400, 400, 'end') +
    text(92, 124, 'PROSPECT', 11, C.slate400, 700) +
    bubble(92, 132, 340, ['We already have an SDR team.'], C.ink3, C.slate200) +
    text(548, 206, 'CONVOZA AGENT', 11, C.accentLight, 700, 'end') +
    bubble(
      188,
      214,
      360,
      ['Makes sense. Most teams use us for', 'after-hours leads your SDRs never reach.'],
      '#1E2550',
      C.white,
    ) +
    text(92, 314, 'PROSPECT', 11, C.slate400, 700) +
    bubble(92, 322, 300, ['Tuesday at 2 works for a demo.'], C.ink3, C.slate200) +
    chip(92, 386, '✓ Meeting booked · Tue 2:00 PM · synced to CRM', '#0F3D3A', C.accentLight);
  return svg(W, H, body, 'Call transcript with an objection handled and a meeting booked');
}

export function heroCalendar(): string {
  const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'];
  const x0 = 96;
  const colW = 90;
  let grid = '';
  days.forEach((d, i) => {
    grid += text(x0 + i * colW + 40, 142, d, 13, C.slate400, 600, 'middle');
  });
  for (let r = 0; r < 6; r++) grid += rect(x0, 160 + r * 42, colW * 5 - 10, 1, C.ink3);
  const booked: [number, number, string][] = [
    [0, 0, C.primary],
    [0, 2, C.accent],
    [0, 4, C.primary],
    [1, 1, C.primary],
    [1, 2, C.accent],
    [1, 3, C.primary],
    [1, 5, C.accent],
    [2, 0, C.accent],
    [2, 1, C.primary],
    [2, 3, C.primary],
    [2, 4, C.accent],
    [3, 0, C.primary],
    [3, 2, C.primary],
    [3, 3, C.accent],
    [3, 5, C.primary],
    [4, 1, C.accent],
    [4, 2, C.primary],
    [4, 4, C.primary],
  ];
  for (const [d, slot, color] of booked) {
    grid += rect(x0 + d * colW + 4, 166 + slot * 42, colW - 18, 32, color, 8, 'fill-opacity=".9"');
    grid += rect(x0 + d * colW + 12, 178 + slot * 42, 40, 6, C.white, 3, 'fill-opacity=".85"');
  }
  const body =
    darkBackdrop(W, H, 'hk') +
    card(60, 40, 520, 400) +
    text(92, 90, 'This week', 18, C.white, 700) +
    text(548, 90, '46 meetings booked', 16, C.accentLight, 700, 'end') +
    grid;
  return svg(W, H, body, 'Weekly calendar filling with meetings booked by AI agents');
}

export function heroPipeline(): string {
  const values = [8, 12, 18, 26, 40, 58, 76, 92];
  const baseY = 380;
  let bars = '';
  values.forEach((v, i) => {
    const h = v * 2.4;
    bars += rect(112 + i * 54, baseY - h, 34, h, i >= 4 ? C.accent : C.primary, 6);
  });
  const points = values.map((v, i) => `${129 + i * 54},${baseY - v * 2.4 - 18}`).join(' ');
  const body =
    darkBackdrop(W, H, 'hp') +
    card(60, 40, 520, 400) +
    text(92, 90, 'Appointments booked per week', 18, C.white, 700) +
    text(92, 116, 'After Convoza launch', 14, C.slate400) +
    chip(450, 70, '↑ 70x', '#0F3D3A', C.accentLight, 15) +
    [0, 1, 2, 3].map((i) => rect(96, 160 + i * 55, 448, 1, C.ink3)).join('') +
    bars +
    `<polyline points="${points}" fill="none" stroke="${C.accentLight}" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>` +
    rect(96, baseY, 448, 2, C.slate600);
  return svg(W, H, body, 'Pipeline chart with booked appointments rising week over week');
}
