// Reads a /metrics answer as Prometheus would: through an independent parser of the text format
// (parse-prometheus-text-format, a port of the Prometheus Python client's parser), not regexes.
// @ts-expect-error -- the package ships no types; its output is typed below.
import parsePrometheusTextFormat from 'parse-prometheus-text-format';

export interface MetricFamily {
  name: string;
  help: string;
  type: 'COUNTER' | 'GAUGE' | 'HISTOGRAM' | 'SUMMARY' | 'UNTYPED';
  metrics: { labels?: Record<string, string>; value?: string; buckets?: Record<string, string> }[];
}

const parse = parsePrometheusTextFormat as (text: string) => MetricFamily[];
const byName = (families: MetricFamily[]) => new Map(families.map((f) => [f.name, f]));

/**
 * A scrape's metric families by name (throws on text that is not the exposition format), and
 * its samples one series each: the parser folds a labelled histogram's series into one set of
 * buckets, so `samples` reads the text again with the histograms' TYPE lines left out, giving
 * `<name>_count`, `<name>_sum` and `<name>_bucket` with their labels.
 */
export function parseMetrics(text: string) {
  return {
    families: byName(parse(text)),
    samples: byName(parse(text.replace(/^# TYPE \S+ histogram\n/gm, ''))),
  };
}
