// Stack traces of the built server name the TypeScript files and lines. Node's own
// --enable-source-maps does this too, but it reads and parses the map of every file as the file
// loads: about 100 ms and 10 MB on every start, for traces most runs never print. Here a file's
// map is read the first time a stack trace passes through that file.
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { COMPILED } from './runtime';

/** This folder (dist/server when built): only its files have maps to read. */
const BUILD_FOLDER = new URL('./', import.meta.url).href;
const maps = new Map<string, SourceMap | undefined>();

/**
 * Formats every stack trace with frames mapped back to the sources, and prints an error that
 * would end the process as that trace alone; a no-op under tsx, which maps traces itself.
 */
export function installSourceMappedStacks(): void {
  if (!COMPILED) return;
  Error.prepareStackTrace = (error: unknown, frames: NodeJS.CallSite[]) =>
    headerOf(error) + frames.map((frame) => `\n    at ${sourceFrame(frame)}`).join('');
  // Node would first echo the bundle's line where the error was thrown: a whole minified module.
  // Otherwise as Node does it: the trace on stderr, exit code 1.
  process.on('uncaughtException', (error) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}

/** The first line of a stack, as V8 writes it ("TypeError: message"). */
function headerOf(error: unknown): string {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return '<error>';
  }
}

/** One frame as V8 writes it, with the built file's position replaced by the source's. */
function sourceFrame(frame: NodeJS.CallSite): string {
  const text = frame.toString();
  const file = frame.getFileName();
  const line = frame.getLineNumber();
  const column = frame.getColumnNumber();
  if (!file?.startsWith(BUILD_FOLDER) || line === null || column === null) return text;
  const entry = mapOf(file)?.findEntry(line - 1, column - 1);
  // Package code keeps the bundle's position: the build keeps mappings for the app's own code only.
  if (!entry || !('originalSource' in entry) || !entry.originalSource) return text;
  const source = fileURLToPath(new URL(entry.originalSource, file));
  return text.replace(
    `${file}:${line}:${column}`,
    `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
  );
}

function mapOf(file: string): SourceMap | undefined {
  if (!maps.has(file)) {
    let map: SourceMap | undefined;
    try {
      map = new SourceMap(JSON.parse(readFileSync(fileURLToPath(`${file}.map`), 'utf8')));
    } catch {
      map = undefined; // no map (or an unreadable one): the frame keeps the bundle's position
    }
    maps.set(file, map);
  }
  return maps.get(file);
}
