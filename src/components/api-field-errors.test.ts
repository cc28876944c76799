// @vitest-environment happy-dom
// A form sent through a mutation: the values go in as the mutation takes them, success runs with
// the answer and the values, and the API's field errors land on the form's own fields.
import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { expect, it } from 'vitest';
import { ApiError } from '#/api/errors';
import { submitThrough } from './api-field-errors';

interface Values {
  name: string;
  note: string;
}

/** A mutation that answers `outcome` (or throws it) and notes what it was given. */
function mutation(outcome: { answer: string } | { error: unknown }) {
  const sent: unknown[] = [];
  return {
    sent,
    mutate(
      input: { title: string },
      options: { onSuccess: (answer: string) => void; onError: (error: unknown) => void },
    ) {
      sent.push(input);
      if ('answer' in outcome) options.onSuccess(outcome.answer);
      else options.onError(outcome.error);
    },
  };
}

function form() {
  return renderHook(() => useForm<Values>({ defaultValues: { name: 'Ada', note: 'x' } })).result;
}

it('sends the values as the mutation takes them, then runs done with the answer', async () => {
  const f = form();
  const m = mutation({ answer: 'saved' });
  const done: unknown[] = [];
  const submit = submitThrough(f.current, m, {
    fields: ['name'],
    input: (v) => ({ title: v.name.toUpperCase() }),
    done: (answer, values) => done.push(answer, values.name),
  });
  await act(() => submit());
  expect(m.sent).toEqual([{ title: 'ADA' }]);
  expect(done).toEqual(['saved', 'Ada']);
});

it("puts the API's field errors on the form's own fields, and no others", async () => {
  const f = form();
  const error = new ApiError({
    type: 'about:blank',
    title: 'Validation failed',
    status: 400,
    code: 'VALIDATION_ERROR',
    detail: 'name: is taken',
    requestId: 'r-1',
    errors: [
      { field: 'name', message: 'is taken' },
      { field: 'elsewhere', message: 'is wrong' },
    ],
  });
  const submit = submitThrough(f.current, mutation({ error }), {
    fields: ['name', 'note'],
    input: (v) => ({ title: v.name }),
  });
  await act(() => submit());
  expect(f.current.getFieldState('name').error?.message).toBe('is taken');
  expect(f.current.getFieldState('note').error).toBeUndefined();
});
