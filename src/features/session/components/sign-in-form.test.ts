import { describe, expect, it } from 'vitest';
import { SignInForm } from '#/api/dashboard';
import { trText } from '#/i18n/current';
import { checkSignIn, SIGN_IN_FIELDS } from './sign-in-form';

describe('the sign-in form without a form library', () => {
  it('has the fields of the contract’s sign-in schema', () => {
    expect([...SIGN_IN_FIELDS].sort()).toEqual(Object.keys(SignInForm.shape).sort());
  });

  it('checks with the contract’s schema: one message per field, the values as it reads them', async () => {
    // The contract's messages are codes of words, read in the page's language (decision 091).
    const read = ({ errors }: Awaited<ReturnType<typeof checkSignIn>>) =>
      Object.fromEntries(Object.entries(errors).map(([field, code]) => [field, trText(code!)]));
    expect(read(await checkSignIn({ email: '', password: '', code: '' }))).toEqual({
      email: 'is required',
      password: 'is required',
    });
    expect(read(await checkSignIn({ email: 'ada@', password: 'x', code: '' }, 'email'))).toEqual({
      email: 'must be an email address',
    });
    expect(
      await checkSignIn({ email: 'ada@partner.example', password: 'pw', code: ' 123456 ' }),
    ).toEqual({
      errors: {},
      values: { email: 'ada@partner.example', password: 'pw', code: '123456' },
    });
  });
});
