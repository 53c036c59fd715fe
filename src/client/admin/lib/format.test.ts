import { describe, expect, it } from 'vitest';
import { contactsCsvFileName } from '../../../shared/contacts.schema';
import {
  capitalize,
  displayName,
  formatDate,
  formatDay,
  formatNumber,
  initialOf,
  serviceTypeLabel,
} from './format';

describe('admin formatting', () => {
  it('formats dates and tolerates bad input', () => {
    expect(formatDate('2026-03-04T12:00:00.000Z')).toBe('Mar 4, 2026');
    expect(formatDate('not a date')).toBe('—');
  });

  it('thousands-formats numbers and shows a dash for missing ones', () => {
    expect(formatNumber(50000)).toBe('50,000');
    expect(formatNumber(100)).toBe('100');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(null)).toBe('—');
  });

  it('uses the full name only when both parts exist', () => {
    expect(displayName({ username: 'jdoe', firstName: 'Jane', lastName: 'Doe' })).toBe('Jane Doe');
    expect(displayName({ username: 'jdoe', firstName: 'Jane', lastName: null })).toBe('jdoe');
    expect(displayName({ username: 'jdoe', firstName: '  ', lastName: 'Doe' })).toBe('jdoe');
    expect(initialOf({ username: 'jdoe', firstName: 'ana', lastName: 'Lee' })).toBe('A');
    expect(initialOf({ username: 'zed', firstName: null, lastName: null })).toBe('Z');
  });

  it('labels service types and statuses', () => {
    expect(serviceTypeLabel('workflow_automation')).toBe('WORKFLOW AUTOMATION');
    expect(serviceTypeLabel('ai_outbound')).toBe('AI OUTBOUND');
    expect(capitalize('draft')).toBe('Draft');
  });

  it('names the export file after the local date', () => {
    expect(contactsCsvFileName(new Date(2026, 0, 5, 23, 59))).toBe('contacts-2026-01-05.csv');
  });

  it('formats chart days in UTC', () => {
    expect(formatDay('2026-03-04')).toBe('Mar 4');
  });
});
