/** Keeps the "Public site" section of docs/BENCHMARKS.md up to date without touching other sections. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, resolve } from 'node:path';

const DOC = resolve(import.meta.dirname, '../docs/BENCHMARKS.md');
const SECTION = '## Public site';

function machine(): string {
  const cpu = cpus();
  return `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ${process.platform}`;
}

/** Replaces (or adds) the `### <subsection>` inside "## Public site". */
export function updateBenchmarkSection(subsection: string, body: string): void {
  let doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Benchmarks\n';
  if (!doc.includes(SECTION)) doc = `${doc.trimEnd()}\n\n${SECTION}\n`;
  const start = doc.indexOf(SECTION);
  const nextTop = doc.indexOf('\n## ', start + SECTION.length);
  const end = nextTop === -1 ? doc.length : nextTop;
  let section = doc.slice(start, end);
  const heading = `### ${subsection}`;
  const stamp = `_Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}._`;
  const block = `${heading}\n\n${stamp}\n\n${body.trim()}\n`;
  const at = section.indexOf(heading);
  if (at === -1) {
    section = `${section.trimEnd()}\n\n${block}`;
  } else {
    const after = section.indexOf('\n### ', at + heading.length);
    section = `${section.slice(0, at)}${block}${after === -1 ? '' : `\n${section.slice(after + 1)}`}`;
  }
  doc = `${doc.slice(0, start)}${section.trimEnd()}\n${end < doc.length ? `\n${doc.slice(end + 1)}` : ''}`;
  mkdirSync(dirname(DOC), { recursive: true });
  writeFileSync(DOC, doc);
}
