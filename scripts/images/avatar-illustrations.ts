import { circle, svg } from './svg-kit';

export interface AvatarStyle {
  bg: string;
  skin: string;
  hair: string;
  shirt: string;
  hairStyle: 'short' | 'long' | 'bun' | 'curly' | 'bald';
}

/** A flat illustrated portrait: background disc, shoulders, neck, head and a hair shape. */
export function avatar(name: string, s: AvatarStyle): string {
  const hair: Record<AvatarStyle['hairStyle'], string> = {
    short: `<path d="M58 56 c0 -22 16 -30 38 -30 s36 10 36 30 c0 6 -2 10 -4 12 c-2 -12 -10 -18 -32 -18 s-32 6 -34 18 c-3 -3 -4 -7 -4 -12z" fill="${s.hair}"/>`,
    long: `<path d="M56 60 c0 -26 16 -36 40 -36 s40 10 40 36 v56 c-8 4 -16 4 -20 0 v-50 c-8 -6 -32 -6 -40 0 v50 c-4 4 -12 4 -20 0z" fill="${s.hair}"/>`,
    bun: `${circle(96, 22, 14, s.hair)}<path d="M60 58 c0 -20 16 -30 36 -30 s36 10 36 30 c-6 -10 -20 -14 -36 -14 s-30 4 -36 14z" fill="${s.hair}"/>`,
    curly:
      [70, 84, 98, 112, 124].map((x, i) => circle(x, 40 + (i % 2) * 6, 14, s.hair)).join('') +
      circle(62, 58, 10, s.hair) +
      circle(130, 58, 10, s.hair),
    bald: '',
  };
  const body =
    circle(96, 96, 96, s.bg) +
    `<clipPath id="c"><circle cx="96" cy="96" r="96"/></clipPath><g clip-path="url(#c)">` +
    `<path d="M26 192 c0 -40 30 -62 70 -62 s70 22 70 62z" fill="${s.shirt}"/>` +
    `<rect x="84" y="104" width="24" height="30" rx="10" fill="${s.skin}"/>` +
    `<ellipse cx="96" cy="74" rx="34" ry="40" fill="${s.skin}"/>` +
    hair[s.hairStyle] +
    circle(84, 78, 3, '#1F2937') +
    circle(108, 78, 3, '#1F2937') +
    `<path d="M86 96 q10 8 20 0" stroke="#7C2D12" stroke-width="3" fill="none" stroke-linecap="round"/>` +
    '</g>';
  return svg(192, 192, body, `Illustrated portrait of ${name}`);
}
