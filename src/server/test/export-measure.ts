import { get } from 'node:http';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Inserts `count` realistic contacts in one statement (about 1 s per 100,000). Phones start
 * with '+', so every row also goes through the export's formula neutralising.
 */
export async function seedManyContacts(em: EntityManager, count: number): Promise<void> {
  await em.getConnection().execute(
    `insert into contacts (name, email, company, phone, message, status, source, created_at, updated_at)
     select 'Contact ' || g, 'contact' || g || '@example.com', 'Company ' || (g % 1000),
            '+1 555 ' || lpad((g % 10000)::text, 4, '0'),
            'Interested in AI outbound calling for our sales team, about ' || (g % 500) || ' calls a day.',
            (array['new', 'contacted', 'qualified', 'converted'])[1 + g % 4], 'website',
            now() - g * interval '1 second', now()
       from generate_series(1, ?) as g`,
    [count],
  );
  // Fresh statistics, as autovacuum would have them: without them the planner sorts the whole table per batch.
  await em.getConnection().execute('analyze contacts');
}

export interface DownloadMeasure {
  status: number;
  lines: number;
  bytes: number;
  seconds: number;
  /** Highest RSS seen during the download minus the RSS just before it, in bytes. */
  peakRssGrowth: number;
}

/**
 * Downloads `url` as a stream (never holding the body), counting lines and sampling RSS every 50 ms.
 * Uses node:http rather than fetch: the WHATWG stream layer of fetch allocates far more per
 * chunk than the server does, and server and client share this process.
 */
export async function measureDownload(
  url: string,
  headers: Record<string, string>,
): Promise<DownloadMeasure> {
  // A collected heap to start from (the timing tests run with --expose-gc).
  (globalThis as { gc?: () => void }).gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  try {
    const { status, lines, bytes } = await new Promise<{
      status: number;
      lines: number;
      bytes: number;
    }>((done, fail) => {
      get(url, { headers }, (res) => {
        let lines = 0;
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, lines, bytes }));
        res.on('error', fail);
      }).on('error', fail);
    });
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      status,
      lines,
      bytes,
      seconds: (performance.now() - started) / 1000,
      peakRssGrowth: peak - before,
    };
  } finally {
    clearInterval(sampler);
  }
}
