import { C, darkBackdrop, rect, svg, text } from './svg-kit';

/** The Convoza mark: a rounded square with a speech waveform. */
export function mark(x: number, y: number, size: number): string {
  const k = size / 32;
  const bars = [10, 18, 26, 18, 10]
    .map((h, i) =>
      rect(x + (7 + i * 4.5) * k, y + (16 - h / 2) * k, 2.6 * k, h * k, C.white, 1.3 * k),
    )
    .join('');
  return (
    `<defs><linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${C.primary}"/><stop offset="1" stop-color="${C.accent}"/></linearGradient></defs>` +
    rect(x, y, size, size, 'url(#m)', 8 * k) +
    bars
  );
}

/** White wordmark for dark backgrounds; textLength pins its width whatever font the viewer has. */
export function logo(): string {
  const body =
    mark(0, 0, 32) +
    `<text x="42" y="24" font-family="Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-size="22" font-weight="700" fill="#FFFFFF" textLength="104" lengthAdjust="spacingAndGlyphs">Convoza</text>`;
  return svg(148, 32, body, 'Convoza AI Voice Agents');
}

export function favicon(): string {
  return svg(32, 32, mark(0, 0, 32), 'Convoza');
}

export function ogImage(): string {
  const body =
    darkBackdrop(1200, 630, 'og') +
    mark(80, 80, 72) +
    text(172, 132, 'Convoza', 44, C.white, 700) +
    text(80, 300, 'AI voice agents that booked', 64, C.white, 800) +
    text(80, 380, '1200+ appointments in 2 days', 64, C.accentLight, 800) +
    text(80, 470, '70x more appointments · 24/7 · up to 90% lower cost', 30, C.slate300, 500) +
    text(80, 560, 'convoza.ai', 28, C.slate400, 600);
  return svg(1200, 630, body, 'Convoza AI Voice Agents');
}
