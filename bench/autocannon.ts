/** The slice of autocannon's API the load bench uses (the package ships no types). */
import { createRequire } from 'node:module';

export interface Histogram {
  average: number;
  p50: number;
  p97_5: number;
  p99: number;
  max: number;
}

export interface AutocannonResult {
  requests: Histogram & { total: number };
  latency: Histogram;
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
}

export interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (req: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
  onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
}

export interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  timeout?: number;
  headers?: Record<string, string>;
  requests?: AutocannonRequest[];
}

type Autocannon = (options: AutocannonOptions) => Promise<AutocannonResult>;

export const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;
