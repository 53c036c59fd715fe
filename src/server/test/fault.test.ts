import { describe, expect, it } from 'vitest';
import { runFaultScenario } from '../fault-drill';

// The fault drill on its own private PostgreSQL (the shared test server is never touched).
describe('PostgreSQL outage while the app serves', () => {
  it('answers 503 (never 500) meanwhile, recovers by itself, and loses no acknowledged submission', async () => {
    const r = await runFaultScenario({ outageMs: 2500 });
    const all = Object.values(r.statuses);
    expect(all.some((m) => m['500'])).toBe(false);
    expect(all.some((m) => m['network-error'])).toBe(false);
    expect(r.statuses.outage['503']).toBeGreaterThan(10);
    expect(new Set(r.healthDuringOutage)).toEqual(new Set([503]));
    // Readiness names the failing check: the database answered before, and not during.
    expect(r.readyDatabaseBefore).toBe('ok');
    expect(r.readyDuringOutage.length).toBeGreaterThan(2);
    for (const probe of r.readyDuringOutage) {
      expect(probe.status).toBe(503);
      expect(probe.database).not.toBe('ok');
    }
    expect(r.statuses.after['200']).toBeGreaterThan(10);
    expect(Object.keys(r.statuses.after)).toEqual(['200']);
    expect(r.recoveryMs).toBeLessThan(10_000);
    expect(r.acknowledged).toBeGreaterThan(50);
    expect(r.lost).toBe(0);
    expect(r.duplicated).toBe(0);
    expect(r.leakedConnections).toBe(0);
    expect(r.serverErrorsLogged).toBe(0);
  }, 90_000);
});
