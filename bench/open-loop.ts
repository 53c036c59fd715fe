// An open-loop load: each request sent on time whether or not the ones before were answered, so
// a slow server meets the same load and its queueing shows in the latencies (autocannon's own
// rate sends each second's quota at once).
import http from 'node:http';

export interface OpenLoopResult {
  p50: number;
  p95: number;
  p99: number;
  /** Answers with status 202 (a page view taken) or 2xx. */
  answered: number;
  failed: number;
}

/** Exactly `rate` requests a second to `path` on `url` for `duration` s, each made by `requestOf`. */
export async function openLoop(
  url: string,
  path: string,
  rate: number,
  duration: number,
  requestOf: () => { headers: Record<string, string>; body: string },
): Promise<OpenLoopResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(path, url);
  const latencies: number[] = [];
  let answered = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const send = () => {
    const { headers, body } = requestOf();
    const start = performance.now();
    const done = new Promise<void>((resolve) => {
      const req = http.request(target, { method: 'POST', agent, headers }, (res) => {
        res.resume();
        res.on('end', () => {
          latencies.push(performance.now() - start);
          if (res.statusCode && res.statusCode < 300) answered++;
          else failed++;
          resolve();
        });
      });
      req.on('error', () => {
        failed++;
        resolve();
      });
      req.end(body);
    });
    inFlight.add(done);
    void done.then(() => inFlight.delete(done));
  };
  const began = performance.now();
  let due = 0;
  await new Promise<void>((finished) => {
    const tick = () => {
      const elapsed = (performance.now() - began) / 1000;
      if (elapsed >= duration) return finished();
      for (const target = Math.floor(elapsed * rate); due < target; due++) send();
      setTimeout(tick, 1);
    };
    tick();
  });
  await Promise.all(inFlight);
  agent.destroy();
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99), answered, failed };
}
