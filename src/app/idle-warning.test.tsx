// @vitest-environment happy-dom
// The idle warning (WCAG 2.2.1): nothing while the page is in use; two minutes before the
// session's idle limit, a dialog that counts down and lets the person stay or sign out.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_IDLE_MS } from '#/api/dashboard';
import { renderWithData } from '#/components/testing';
import { IDLE_WARNING_MS, IdleWarning } from './idle-warning';

beforeEach(() => vi.useFakeTimers({ now: Date.now() }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the idle warning', () => {
  it('shows two minutes before the idle limit, counting down, and signs out on request', () => {
    const signOut = vi.fn();
    renderWithData(<IdleWarning onSignOut={signOut} />);
    act(() => vi.advanceTimersByTime(SESSION_IDLE_MS - IDLE_WARNING_MS - 5_000));
    expect(screen.queryByText('Are you still there?')).toBeNull();
    act(() => vi.advanceTimersByTime(10_000));
    // The dialog's opening transition.
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText('Are you still there?')).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toMatch(/signed out in 1:5\d unless/);
    act(() => screen.getByRole('button', { name: 'Sign out' }).click());
    expect(signOut).toHaveBeenCalledOnce();
  });
});
