import { describe, expect, it } from 'vitest';
import { autoReplyName } from './auto-reply';

describe('the name an auto-reply may quote', () => {
  it.each([
    ['Ada Lovelace', 'Ada Lovelace'],
    ['  Jean-Luc   Picard ', 'Jean-Luc Picard'],
    ['Claim your prize at www.prize.example now', 'Claim your prize at now'],
    ['Reset: https://evil.example/reset?x=1', 'Reset:'],
    ['Go to evil.example/login', 'Go to'],
    ['mail me: boss@evil.example', 'mail me:'],
    ['Call +1 (555) 010-9999 today', 'Call today'],
    ['Call 0049 30 1234567', 'Call'],
    ['x'.repeat(60), 'x'.repeat(40)],
    ['https://only.a.link', 'there'],
  ])('%j -> %j', (name, quoted) => {
    expect(autoReplyName(name)).toBe(quoted);
  });
});
