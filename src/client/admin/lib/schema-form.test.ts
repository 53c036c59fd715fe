import type { FieldValues, Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ZUserCreate, ZUserEditForm } from '../../../shared/users.schema';
import { schemaFormOptions, showServerFieldErrors } from './schema-form';

/** A form's check of `values` as react-hook-form runs it on submit: message per field, or data. */
async function check<T extends FieldValues, O>(
  resolver: Resolver<T, unknown, O> | undefined,
  values: NoInfer<T>,
) {
  if (!resolver) throw new Error('no resolver');
  const result = await resolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const messages = Object.fromEntries(
    Object.entries(result.errors).map(([field, error]) => [field, error?.message]),
  );
  return { messages, values: result.values };
}

describe('schemaFormOptions', () => {
  it('puts the create-user rules under their fields', async () => {
    const { messages } = await check(schemaFormOptions(ZUserCreate, {}).resolver, {
      username: '',
      password: '',
      email: '',
    });
    expect(messages).toMatchObject({
      username: 'Username is required',
      password: 'Password is required',
      email: 'Email is required',
    });
  });

  it('hands the submit the schema output (trimmed, defaults applied)', async () => {
    const { values, messages } = await check(schemaFormOptions(ZUserCreate, {}).resolver, {
      username: ' ghopper ',
      password: 'cobol-1959',
      email: 'Grace@Navy.test',
      firstName: '',
    });
    expect(messages).toEqual({});
    expect(values).toMatchObject({
      username: 'ghopper',
      email: 'grace@navy.test',
      firstName: null,
      role: 'user',
    });
  });

  it('reports the edit-form password rules on the right fields', async () => {
    const base = {
      username: 'jdoe',
      email: 'j@x.com',
      firstName: '',
      lastName: '',
      role: 'user' as const,
    };
    const short = await check(schemaFormOptions(ZUserEditForm, {}).resolver, {
      ...base,
      newPassword: 'abc',
      confirmPassword: 'abc',
    });
    expect(short.messages).toEqual({ newPassword: 'Password must be at least 6 characters' });
    const mismatch = await check(schemaFormOptions(ZUserEditForm, {}).resolver, {
      ...base,
      newPassword: 'abcdef',
      confirmPassword: 'abcdeg',
    });
    expect(mismatch.messages).toEqual({ confirmPassword: "Passwords don't match" });
    const kept = await check(schemaFormOptions(ZUserEditForm, {}).resolver, {
      ...base,
      newPassword: '',
      confirmPassword: '',
    });
    expect(kept.messages).toEqual({});
  });
});

describe('showServerFieldErrors', () => {
  it("sets the server's messages on the form's own fields only", () => {
    const set: [string, unknown][] = [];
    const form = {
      getValues: () => ({ username: 'x', email: 'y' }),
      setError: (name: string, error: unknown) => void set.push([name, error]),
    };
    showServerFieldErrors(form, {
      data: {
        fieldErrors: { username: 'Username is taken', id: 'Must be a positive whole number' },
      },
    });
    expect(set).toEqual([['username', { type: 'server', message: 'Username is taken' }]]);
    showServerFieldErrors(form, { data: null });
    showServerFieldErrors(form, {});
    expect(set).toHaveLength(1);
  });
});
