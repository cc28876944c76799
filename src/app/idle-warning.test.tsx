// @vitest-environment happy-dom
// The idle warning (WCAG 2.2.1): nothing while the page is in use; two minutes before the
// session's idle limit, a dialog that counts down and lets the person stay or sign out.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_IDLE_MS } from '#/api/dashboard';
import { renderWithData } from '#/components/testing';
import { IDLE_HEADER } from '#/api/endpoints';
import { answerCallsWith, dashboardFetch } from '#/lib/api';
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

describe('what counts as the person being there (docs/decisions/061)', () => {
  let calls: Array<{ url: string; away: string | null }>;
  beforeEach(() => {
    localStorage.clear();
    calls = [];
    answerCallsWith(async (input, init) => {
      calls.push({ url: String(input), away: new Headers(init?.headers).get(IDLE_HEADER) });
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    });
  });
  afterEach(() => answerCallsWith((input, init) => fetch(input, init)));

  const dialog = () => {
    // The dialog's opening transition, once React has drawn it.
    act(() => vi.advanceTimersByTime(500));
    return screen.queryByText('Are you still there?');
  };
  const minutes = (n: number) => act(() => vi.advanceTimersByTime(n * 60_000));

  it('is not put off by calls a page makes on its own, which say how long the person is away', async () => {
    renderWithData(<IdleWarning onSignOut={() => undefined} />);
    minutes(10);
    await act(() => dashboardFetch('GET', '/api/index/status'));
    const poll = calls.find((c) => c.url === '/api/index/status')!;
    expect(Number(poll.away)).toBeGreaterThanOrEqual(10 * 60_000);
    minutes(18.5);
    expect(dialog()).toBeTruthy();
  });

  it('is put off by a key or a click, and then tells the server within a minute', async () => {
    renderWithData(<IdleWarning onSignOut={() => undefined} />);
    minutes(20);
    act(() => void window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' })));
    expect(calls).toHaveLength(0);
    minutes(1.1);
    // The person typed but the page asked nothing: the session is read, as the person's doing.
    await act(async () => undefined);
    expect(calls.filter((c) => c.url.endsWith('/api/session'))).toHaveLength(1);
    expect(Number(calls.at(-1)!.away)).toBeLessThan(2 * 60_000);
    minutes(15);
    expect(dialog()).toBeNull();
    minutes(13);
    expect(dialog()).toBeTruthy();
  });

  it('is put off by the person at work in another of the dashboard’s tabs', () => {
    renderWithData(<IdleWarning onSignOut={() => undefined} />);
    minutes(25);
    localStorage.setItem('dashboard:last-input', String(Date.now()));
    minutes(4);
    expect(dialog()).toBeNull();
  });
});
