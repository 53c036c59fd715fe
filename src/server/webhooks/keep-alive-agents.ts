import http from 'node:http';
import https from 'node:https';

interface Agents {
  'http:': http.Agent;
  'https:': https.Agent;
}

const newAgents = (): Agents => ({
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
});

const open = newAgents();
const guarded = new WeakMap<(ip: string) => boolean, Agents>();

/**
 * A keep-alive agent for outgoing requests (webhooks, calendar feeds): a busy endpoint's
 * deliveries reuse open connections instead of a TCP (and TLS) handshake each. One set per
 * address rule (none without the network guard), so a socket is only ever reused under the rule
 * it was checked against when it connected.
 */
export function keepAliveAgent(
  protocol: 'http:' | 'https:',
  rule: ((ip: string) => boolean) | null,
): http.Agent {
  if (!rule) return open[protocol];
  let agents = guarded.get(rule);
  if (!agents) guarded.set(rule, (agents = newAgents()));
  return agents[protocol];
}
