import { describe, expect, it } from 'vitest';
import type { TCampaign } from '../../../shared/campaigns.schema';
import type { TServiceInquiry } from '../../../shared/service-inquiries.schema';
import type { TUser } from '../../../shared/users.schema';
import { countBy, filterCampaigns, filterInquiries, filterUsers, matchesSearch } from './filters';

const at = '2026-01-01T00:00:00.000Z';
const user = (
  username: string,
  email: string,
  firstName: string | null,
  lastName: string | null,
): TUser => ({
  id: 1,
  username,
  email,
  firstName,
  lastName,
  role: 'user',
  isActive: true,
  createdAt: at,
  updatedAt: at,
});
const inquiry = (
  serviceType: string,
  priority: TServiceInquiry['priority'],
  notes: string | null,
): TServiceInquiry => ({
  id: 1,
  contactId: 1,
  serviceType,
  priority,
  notes,
  estimatedVolume: null,
  timeline: null,
  budget: null,
  createdAt: at,
});
const campaign = (
  name: string,
  type: TCampaign['type'],
  status: TCampaign['status'],
  targetAudience: string | null,
): TCampaign => ({
  id: 1,
  name,
  type,
  status,
  targetAudience,
  goalMetric: null,
  goalValue: null,
  description: null,
  createdAt: at,
  updatedAt: at,
  utmCampaign: null,
  results: null,
  funnel: null,
});

describe('matchesSearch', () => {
  it('is a case-insensitive substring match on any field', () => {
    expect(matchesSearch('', ['x'])).toBe(true);
    expect(matchesSearch('  ', [null])).toBe(true);
    expect(matchesSearch('LIN', ['Sofia Lindqvist'])).toBe(true);
    expect(matchesSearch('qvi', [null, 'sofia lindqvist'])).toBe(true);
    expect(matchesSearch('zzz', ['abc', null])).toBe(false);
  });
});

describe('filterUsers', () => {
  const users = [
    user('jdoe', 'jane@x.com', 'Jane', 'Doe'),
    user('bob', 'bob@y.org', null, 'Smith'),
  ];
  it('matches username, email, first and last name', () => {
    expect(filterUsers(users, 'JD').map((u) => u.username)).toEqual(['jdoe']);
    expect(filterUsers(users, 'y.org').map((u) => u.username)).toEqual(['bob']);
    expect(filterUsers(users, 'jan').map((u) => u.username)).toEqual(['jdoe']);
    expect(filterUsers(users, 'smi').map((u) => u.username)).toEqual(['bob']);
    expect(filterUsers(users, 'nobody')).toEqual([]);
  });
});

describe('filterInquiries', () => {
  const list = [
    inquiry('ai_outbound', 'high', 'Dialer swap'),
    inquiry('workflow_automation', 'low', null),
  ];
  it('combines priority and a search over service type and notes', () => {
    expect(filterInquiries(list, '', 'all')).toHaveLength(2);
    expect(filterInquiries(list, '', 'low').map((i) => i.serviceType)).toEqual([
      'workflow_automation',
    ]);
    expect(filterInquiries(list, 'DIALER', 'all').map((i) => i.serviceType)).toEqual([
      'ai_outbound',
    ]);
    expect(filterInquiries(list, 'dialer', 'low')).toEqual([]);
  });
});

describe('filterCampaigns', () => {
  const list = [
    campaign('Q4 Calls', 'voice', 'active', 'Dormant leads'),
    campaign('Trial', 'email', 'draft', 'Signups'),
  ];
  it('matches name, type or audience within the status', () => {
    expect(filterCampaigns(list, 'EMAIL', 'all').map((c) => c.name)).toEqual(['Trial']);
    expect(filterCampaigns(list, 'dormant', 'all').map((c) => c.name)).toEqual(['Q4 Calls']);
    expect(filterCampaigns(list, '', 'active').map((c) => c.name)).toEqual(['Q4 Calls']);
    expect(filterCampaigns(list, 'trial', 'active')).toEqual([]);
  });
});

describe('countBy', () => {
  it('counts each listed key, zero-filled, ignoring unknown values', () => {
    const items = [{ p: 'high' }, { p: 'high' }, { p: 'low' }, { p: 'urgent' }];
    expect(countBy(items, ['high', 'medium', 'low'] as const, (i) => i.p)).toEqual({
      high: 2,
      medium: 0,
      low: 1,
    });
  });
});
