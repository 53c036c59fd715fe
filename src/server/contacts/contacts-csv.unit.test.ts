import { describe, expect, it } from 'vitest';
import { contactsCsvFileName } from '../../shared/contacts.schema';
import { neutraliseFormula, restoreFormula } from './contacts.csv';
import { likePattern } from '../db/sql-condition';

describe('neutraliseFormula', () => {
  it.each(['=1+2', '+1 415 555 0110', '-2', '@SUM(A1)', '\r=cmd'])(
    'prefixes %j with a single quote',
    (value) => {
      expect(neutraliseFormula(value)).toBe(`'${value}`);
    },
  );

  it.each(['', 'Ada', ' =not-first', 'a=b', '1-2', 'x@y.io', 'a; b', "it's"])(
    'leaves %j alone',
    (value) => {
      expect(neutraliseFormula(value)).toBe(value);
    },
  );

  it.each([
    ['a;=HYPERLINK("http://x")', 'a;\'=HYPERLINK("http://x")'],
    ['note\t@SUM(A1)', "note\t'@SUM(A1)"],
    ['\t=cmd', "'\t'=cmd"],
    ['x;;-1', "x;;'-1"],
  ])(
    'disarms a formula after a ; or tab in %j (;-separated locales, pasted tabs)',
    (value, out) => {
      expect(neutraliseFormula(value)).toBe(out);
    },
  );

  it('adds one more quote to an already quoted formula, so the round trip is exact', () => {
    expect(neutraliseFormula("'=already")).toBe("''=already");
    expect(restoreFormula("''=already")).toBe("'=already");
  });

  it('is undone by restoreFormula, which leaves other quotes alone', () => {
    for (const value of [
      '=1+2',
      '+44 20',
      '-1',
      '@corp',
      'plain',
      "'quoted",
      "it's",
      "'=already",
      "''+x",
      'a;=b\t-c',
      '\t\t=x',
    ]) {
      expect(restoreFormula(neutraliseFormula(value))).toBe(value);
    }
    expect(restoreFormula("'quoted")).toBe("'quoted");
    expect(restoreFormula(undefined)).toBeUndefined();
  });
});

describe('likePattern', () => {
  it('wraps the term in % for a substring match', () => {
    expect(likePattern('acme')).toBe('%acme%');
  });

  it('escapes the LIKE wildcards and the escape character itself', () => {
    expect(likePattern('50%')).toBe('%50\\%%');
    expect(likePattern('a_b')).toBe('%a\\_b%');
    expect(likePattern('c:\\temp')).toBe('%c:\\\\temp%');
    expect(likePattern('%_\\')).toBe('%\\%\\_\\\\%');
  });
});

describe('contactsCsvFileName (server, UTC)', () => {
  it('names the file after the UTC date', () => {
    expect(contactsCsvFileName(new Date('2026-03-09T23:59:59Z'), 'utc')).toBe(
      'contacts-2026-03-09.csv',
    );
    expect(contactsCsvFileName(new Date('2026-12-31T00:00:00Z'), 'utc')).toBe(
      'contacts-2026-12-31.csv',
    );
  });
});
