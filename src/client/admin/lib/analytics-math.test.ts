import { describe, expect, it } from 'vitest';
import { analyticsRates, conversionFunnel, statusRows, sumCounts } from './analytics-math';

describe('analyticsRates', () => {
  it('rounds to whole percentages', () => {
    // 1 of 3 converted = 33.3 -> 33; 2 of 3 engaged = 66.7 -> 67; 1 of 8 active = 12.5 -> 13.
    const rates = analyticsRates(
      { new: 1, qualified: 1, converted: 1 },
      { active: 1, draft: 7 },
      3,
      8,
    );
    expect(rates).toEqual({ conversionRate: 33, engagementScore: 67, activeRate: 13 });
  });

  it('is 0 when the totals are 0', () => {
    expect(analyticsRates({}, {}, 0, 0)).toEqual({
      conversionRate: 0,
      engagementScore: 0,
      activeRate: 0,
    });
  });
});

describe('conversionFunnel', () => {
  it('counts each stage as its status plus every later one', () => {
    const stages = conversionFunnel({ new: 4, contacted: 3, qualified: 2, converted: 1 });
    expect(stages.map((s) => s.reached)).toEqual([10, 6, 3, 1]);
    expect(stages.map((s) => s.percentOfTotal)).toEqual([100, 60, 30, 10]);
    expect(stages.map((s) => s.percentOfPrevious)).toEqual([100, 60, 50, 33]);
  });

  it('is all zeros without contacts', () => {
    const stages = conversionFunnel({});
    expect(
      stages.every((s) => s.reached === 0 && s.percentOfTotal === 0 && s.percentOfPrevious === 0),
    ).toBe(true);
  });
});

describe('statusRows', () => {
  it('orders known statuses first and appends unknown ones', () => {
    const rows = statusRows({ other: 1, converted: 1, new: 2 }, [
      'new',
      'contacted',
      'qualified',
      'converted',
    ]);
    expect(rows).toEqual([
      { status: 'new', count: 2, percent: 50 },
      { status: 'converted', count: 1, percent: 25 },
      { status: 'other', count: 1, percent: 25 },
    ]);
    expect(sumCounts({ a: 2, b: 3 })).toBe(5);
  });
});
