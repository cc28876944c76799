// @vitest-environment happy-dom
// An approver sees a quote's time left counting down while the page stays open, and "Expired"
// once it has passed, without reloading.
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { renderWithData } from '#/components/testing';
import { QuoteExpiry } from './approval-summary';

beforeEach(() => vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00Z') }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

it('counts down each second and says Expired once the time is up', () => {
  renderWithData(<QuoteExpiry quote={{ expiresAt: Date.now() + 65_000, expired: false }} />);
  expect(screen.getByTestId('quote-expiry').textContent).toMatch(/^Expires in 1 min 5 s/);
  act(() => void vi.advanceTimersByTime(3_000));
  expect(screen.getByTestId('quote-expiry').textContent).toMatch(/^Expires in 1 min 2 s/);
  act(() => void vi.advanceTimersByTime(62_000));
  expect(screen.getByTestId('quote-expiry').textContent).toMatch(/^Expired/);
});
