/**
 * The one writer of docs/BENCHMARKS.md: each bench rewrites its own section ("## Load") or its
 * subsection of a section ("### Lighthouse" under "## Public site"), leaving the rest alone.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';

const DOC = resolve(import.meta.dirname, '../docs/BENCHMARKS.md');

export function machine(): string {
  const cpu = cpus();
  const load = loadavg()[0]?.toFixed(1) ?? '?';
  return `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ${process.platform}; 1-minute load average ${load} when written (the machine is shared)`;
}

const level = (line: string) => /^(#+) /.exec(line)?.[1]?.length ?? 0;

/** `text` with the part under `heading` (up to the next heading of its level or higher) replaced by `block`, or `block` appended. */
function replaceUnder(text: string, heading: string, block: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start === -1) return `${text.trimEnd()}\n\n${block}`;
  let end = lines.findIndex((l, i) => i > start && level(l) > 0 && level(l) <= level(heading));
  if (end === -1) end = lines.length;
  const rest = lines.slice(end).join('\n');
  return `${lines.slice(0, start).join('\n').trimEnd()}\n\n${block}${rest ? `\n${rest}` : ''}`;
}

/** Rewrites `## title`, or with `within`, `### title` inside `## within`. */
export function writeBenchmarkSection(title: string, body: string, within?: string): void {
  // Re-read right before writing: other sections are edited by other scripts.
  let doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Benchmarks\n';
  const stamp = `_Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}._`;
  const heading = `${within ? '###' : '##'} ${title}`;
  const block = `${heading}\n\n${stamp}\n\n${body.trim()}\n`;
  if (!within) doc = replaceUnder(doc, heading, block);
  else {
    const parent = `## ${within}`;
    if (!doc.split('\n').some((l) => l.trim() === parent)) doc = `${doc.trimEnd()}\n\n${parent}\n`;
    const lines = doc.split('\n');
    const start = lines.findIndex((l) => l.trim() === parent);
    let end = lines.findIndex((l, i) => i > start && level(l) === 2);
    if (end === -1) end = lines.length;
    const section = replaceUnder(lines.slice(start, end).join('\n'), heading, block);
    const rest = lines.slice(end).join('\n');
    doc = `${lines.slice(0, start).join('\n').trimEnd()}\n\n${section.trimEnd()}\n${rest ? `\n${rest}` : ''}`;
  }
  mkdirSync(dirname(DOC), { recursive: true });
  writeFileSync(DOC, doc.endsWith('\n') ? doc : `${doc}\n`);
}

/** A subsection of "## Public site" (initial JavaScript, Lighthouse runs). */
export const writePublicSiteSection = (title: string, body: string) =>
  writeBenchmarkSection(title, body, 'Public site');
