import { Worker } from 'node:worker_threads';

// Plain CommonJS so it runs the same under tsx, vitest and a build: no TypeScript to load.
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, bytes, checkOnly }) => {
  let reply;
  try {
    const value = JSON.parse(Buffer.from(bytes).toString('utf8'));
    reply = { id, value: checkOnly ? typeof value === 'object' && value !== null : value };
  } catch (error) {
    reply = { id, error: String((error && error.message) || error) };
  }
  parentPort.postMessage(reply);
});`;

interface Pending {
  done: (value: unknown) => void;
  fail: (error: Error) => void;
}

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

function failAll(error: Error): void {
  for (const p of pending.values()) p.fail(error);
  pending.clear();
  worker = undefined;
}

function parser(): Worker {
  if (worker) return worker;
  const w = new Worker(WORKER_SOURCE, { eval: true });
  w.on('message', (reply: { id: number; value?: unknown; error?: string }) => {
    const p = pending.get(reply.id);
    pending.delete(reply.id);
    if (!pending.size) w.unref();
    if (reply.error === undefined) p?.done(reply.value);
    else p?.fail(new SyntaxError(reply.error));
  });
  w.on('error', (error) => failAll(error));
  w.on('exit', () => failAll(new Error('the JSON parser thread stopped')));
  // Idle, it never keeps the process alive (see send). After the listeners: adding a 'message'
  // listener refs the thread again, and a bench or a script that parsed one body never exited.
  w.unref();
  worker = w;
  return w;
}

/**
 * JSON.parse on a worker thread. For the few-megabyte CSV import body, decoding and parsing take
 * 15-30 ms of CPU, long enough to be felt by every other request if done on the event loop;
 * here the loop pays only for copying the bytes over and the parsed value back.
 */
export function parseJsonOffThread(body: Buffer): Promise<unknown> {
  return send(body, false);
}

/**
 * Whether the body is a JSON object or array (rejects when it is not JSON at all), checked on
 * the worker thread without sending the parsed value back.
 */
export function isJsonObjectOffThread(body: Buffer): Promise<boolean> {
  return send(body, true) as Promise<boolean>;
}

function send(body: Buffer, checkOnly: boolean): Promise<unknown> {
  // A copy with its own ArrayBuffer, which can be handed to the thread without copying again.
  const bytes = new Uint8Array(body).buffer;
  return new Promise((done, fail) => {
    const id = nextId++;
    pending.set(id, { done, fail });
    const w = parser();
    // Held while a parse is under way, as any other pending I/O would be.
    w.ref();
    w.postMessage({ id, bytes, checkOnly }, [bytes]);
  });
}
