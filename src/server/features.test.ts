import { describe, expect, it } from 'vitest';
import { ALL_EVENT_NAMES } from './audit/audit-events';
import { createEventBus } from './features';
import { useTestApp } from './test/use-test-app';

// What the registrations (features.ts) add up to.
const t = useTestApp();

describe('the features', () => {
  it('have a subscriber for every event the app publishes', () => {
    const bus = createEventBus(t.deps.notifier);
    const unheard = ALL_EVENT_NAMES.filter((name) => bus.subscriberCount(name) === 0);
    expect(unheard).toEqual([]);
  });
});
