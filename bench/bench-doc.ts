/** Rewrites one top-level section ("## Load", "## Faults") of docs/BENCHMARKS.md, leaving the others alone. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, resolve } from 'node:path';

const DOC = resolve(import.meta.dirname, '../docs/BENCHMARKS.md');

export function machine(): string {
  const cpu = cpus();
  const load = loadavg()[0]?.toFixed(1) ?? '?';
  return `${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, ${process.platform}; 1-minute load average ${load} when written (the machine is shared)`;
}

export function writeBenchmarkSection(title: string, body: string): void {
  // Re-read right before writing: other sections are edited by other scripts.
  let doc = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Benchmarks\n';
  const heading = `## ${title}`;
  const stamp = `_Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine()}._`;
  const block = `${heading}\n\n${stamp}\n\n${body.trim()}\n`;
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => l.trim() === heading);
  if (start === -1) {
    doc = `${doc.trimEnd()}\n\n${block}`;
  } else {
    let end = lines.findIndex((l, i) => i > start && /^## /.test(l));
    if (end === -1) end = lines.length;
    const rest = lines.slice(end).join('\n');
    doc = `${lines.slice(0, start).join('\n').trimEnd()}\n\n${block}${rest ? `\n${rest}` : ''}`;
  }
  mkdirSync(dirname(DOC), { recursive: true });
  writeFileSync(DOC, doc.endsWith('\n') ? doc : `${doc}\n`);
}
