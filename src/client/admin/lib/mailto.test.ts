import { describe, expect, it } from 'vitest';
import { mailtoHref } from './mailto';

describe('mailtoHref', () => {
  it('links a plain address as it is', () => {
    expect(mailtoHref('ada@example.com')).toBe('mailto:ada@example.com');
    expect(mailtoHref("o'brien+leads@example.co.uk")).toBe("mailto:o'brien%2Bleads@example.co.uk");
  });

  it('cannot be made to carry extra recipients or headers', () => {
    const href = mailtoHref('lead@example.com?bcc=attacker@evil.test&subject=hi');
    expect(href).toBe('mailto:lead@example.com%3Fbcc%3Dattacker@evil.test%26subject%3Dhi');
    const url = new URL(href);
    expect(url.search).toBe('');
    expect(mailtoHref('a@x.io,b@evil.test')).not.toContain(',');
  });
});
