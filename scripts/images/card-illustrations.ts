import { C, chip, circle, lightBackdrop, rect, svg, text, waveform } from './svg-kit';

const W = 600;
const H = 340;

function panel(x: number, y: number, w: number, h: number): string {
  return rect(x, y, w, h, C.white, 16, `stroke="${C.slate200}" stroke-width="1.5"`);
}

export function calendarCard(): string {
  let cells = '';
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 6; c++) {
      const filled = (r * 7 + c * 3) % 5 !== 0;
      cells += rect(
        92 + c * 72,
        110 + r * 44,
        60,
        34,
        filled ? (c % 2 ? C.accent : C.primary) : C.slate100,
        8,
      );
    }
  }
  const body =
    lightBackdrop(W, H, 'cal', '#CCFBF1') +
    panel(70, 40, 460, 270) +
    text(92, 82, 'Hygiene schedule', 18, C.slate900, 700) +
    chip(372, 62, '1,200+ booked', '#CCFBF1', '#115E59') +
    cells;
  return svg(W, H, body, 'Calendar filling with booked patient appointments');
}

export function chartCard(
  title: string,
  badge: string,
  values: number[],
  tint: string,
  alt: string,
): string {
  const baseY = 290;
  const step = 400 / values.length;
  let bars = '';
  values.forEach((v, i) => {
    bars += rect(
      100 + i * step,
      baseY - v * 1.6,
      step * 0.6,
      v * 1.6,
      i >= values.length / 2 ? C.accent : C.primary,
      6,
    );
  });
  const body =
    lightBackdrop(W, H, `ch${values.length}${badge.length}`, tint) +
    panel(70, 30, 460, 285) +
    text(92, 72, title, 18, C.slate900, 700) +
    chip(530 - (badge.length * 13 * 0.58 + 24) - 20, 52, badge, C.primary50, '#3730A3') +
    [0, 1, 2].map((i) => rect(92, 130 + i * 55, 416, 1, C.slate200)).join('') +
    bars +
    rect(92, baseY, 416, 2, C.slate300);
  return svg(W, H, body, alt);
}

export function waveformCard(): string {
  const body =
    lightBackdrop(W, H, 'wf', '#DBEAFE') +
    panel(70, 40, 460, 260) +
    `<path d="M112 84 l22 -10 l22 10 v18 c0 14 -10 24 -22 29 c-12 -5 -22 -15 -22 -29z" fill="${C.primary}"/>` +
    text(172, 92, 'Inbound call · qualifying', 18, C.slate900, 700) +
    text(172, 114, 'Answered on first ring', 14, C.slate600) +
    waveform(100, 190, 400, 48, 80, [C.primary, C.accent], 23) +
    chip(100, 250, 'Hot lead → warm transfer', '#CCFBF1', '#115E59');
  return svg(W, H, body, 'Call waveform with an inbound lead being qualified');
}

export function transcriptCard(): string {
  const line = (y: number, w: number, who: 'agent' | 'caller') =>
    rect(
      who === 'agent' ? 530 - 40 - w : 110,
      y,
      w,
      30,
      who === 'agent' ? C.primary : C.slate100,
      12,
    );
  const body =
    lightBackdrop(W, H, 'tr', '#E0E7FF') +
    panel(70, 30, 460, 280) +
    text(92, 70, 'Intake call transcript', 18, C.slate900, 700) +
    line(96, 240, 'caller') +
    line(136, 280, 'agent') +
    line(176, 200, 'caller') +
    line(216, 250, 'agent') +
    chip(110, 262, '✓ Consultation booked', '#CCFBF1', '#115E59');
  return svg(W, H, body, 'Transcript card of an AI intake call for a law firm');
}

export function mapCard(): string {
  const pin = (x: number, y: number, color: string) =>
    `<path d="M${x} ${y} c-12 0 -20 9 -20 20 c0 15 20 34 20 34 s20 -19 20 -34 c0 -11 -8 -20 -20 -20z" fill="${color}"/>` +
    circle(x, y + 20, 7, C.white);
  const body =
    lightBackdrop(W, H, 'mp', '#CCFBF1') +
    panel(70, 30, 460, 280) +
    `<path d="M70 200 C 180 150, 260 260, 380 190 S 520 160, 530 170" stroke="${C.slate200}" stroke-width="18" fill="none"/>` +
    `<path d="M200 30 C 220 120, 170 220, 240 310" stroke="${C.slate200}" stroke-width="14" fill="none"/>` +
    pin(160, 90, C.primary) +
    pin(300, 130, C.accent) +
    pin(420, 80, C.primary) +
    pin(370, 210, C.accent) +
    chip(92, 262, '12 showings booked today', C.primary50, '#3730A3');
  return svg(W, H, body, 'Map pins and booked property showings');
}

export function workflowCard(): string {
  const node = (x: number, y: number, label: string, fill: string, color: string) =>
    rect(x, y, 120, 48, fill, 12) + text(x + 60, y + 30, label, 15, color, 700, 'middle');
  const edge = (x1: number, y1: number, x2: number, y2: number) =>
    `<path d="M${x1} ${y1} C ${(x1 + x2) / 2} ${y1}, ${(x1 + x2) / 2} ${y2}, ${x2} ${y2}" stroke="${C.primaryLight}" stroke-width="3" fill="none"/>`;
  const body =
    lightBackdrop(W, H, 'wk', '#E0E7FF') +
    panel(50, 30, 500, 280) +
    edge(210, 94, 240, 170) +
    edge(210, 246, 240, 170) +
    edge(360, 170, 390, 94) +
    edge(360, 170, 390, 246) +
    node(90, 70, 'Lead', C.slate100, C.slate900) +
    node(90, 222, 'Dialer', C.slate100, C.slate900) +
    node(240, 146, 'Convoza', C.primary, C.white) +
    node(390, 70, 'CRM', '#CCFBF1', '#115E59') +
    node(390, 222, 'Calendar', '#CCFBF1', '#115E59');
  return svg(W, H, body, 'Workflow nodes connecting CRM, calendar and dialer');
}

export function completionCard(): string {
  const ring = (cx: number, pct: number, label: string, color: string) => {
    const r = 62;
    const len = 2 * Math.PI * r;
    return (
      circle(cx, 175, r, 'none', `stroke="${C.slate100}" stroke-width="18"`) +
      circle(
        cx,
        175,
        r,
        'none',
        `stroke="${color}" stroke-width="18" stroke-dasharray="${(len * pct) / 100} ${len}" transform="rotate(-90 ${cx} 175)" stroke-linecap="round"`,
      ) +
      text(cx, 185, `${pct}%`, 28, C.slate900, 800, 'middle') +
      text(cx, 275, label, 15, C.slate600, 600, 'middle')
    );
  };
  const body =
    lightBackdrop(W, H, 'cp', '#CCFBF1') +
    panel(70, 30, 460, 280) +
    text(92, 70, 'Course completion', 18, C.slate900, 700) +
    ring(200, 45, 'Before', C.slate400) +
    text(300, 185, '→', 32, C.primary, 700, 'middle') +
    ring(400, 80, 'With Convoza', C.accent);
  return svg(W, H, body, 'Course progress rising from 45% to 80% completion');
}
