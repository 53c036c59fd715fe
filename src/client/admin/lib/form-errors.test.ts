import { describe, expect, it } from 'vitest';
import { ZUserCreate, ZUserEditForm } from '../../../shared/users.schema';
import { fieldErrors } from './form-errors';

describe('fieldErrors', () => {
  it('maps the create-user rules to their fields', () => {
    const parsed = ZUserCreate.safeParse({ username: '', password: '', email: '' });
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    expect(fieldErrors(parsed.error)).toMatchObject({
      username: 'Username is required',
      password: 'Password is required',
      email: 'Email is required',
    });
  });

  it('reports the edit-form password rules on the right fields', () => {
    const base = { username: 'jdoe', email: 'j@x.com', firstName: '', lastName: '', role: 'user' };
    const short = ZUserEditForm.safeParse({ ...base, newPassword: 'abc', confirmPassword: 'abc' });
    expect(short.success || fieldErrors(short.error)).toMatchObject({
      newPassword: 'Password must be at least 6 characters',
    });
    const mismatch = ZUserEditForm.safeParse({
      ...base,
      newPassword: 'abcdef',
      confirmPassword: 'abcdeg',
    });
    expect(mismatch.success || fieldErrors(mismatch.error)).toMatchObject({
      confirmPassword: "Passwords don't match",
    });
    expect(ZUserEditForm.safeParse({ ...base, newPassword: '', confirmPassword: '' }).success).toBe(
      true,
    );
  });
});
