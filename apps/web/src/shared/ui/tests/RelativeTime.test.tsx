import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { RelativeTime } from '../RelativeTime';

afterEach(() => vi.useRealTimers());

it('moves from "just now" to "1 min ago" while the page stays open, exact time on hover', () => {
  vi.useFakeTimers({ now: new Date(2026, 2, 10, 15, 30) });
  const iso = new Date(2026, 2, 10, 15, 29, 50).toISOString();
  render(<RelativeTime iso={iso} />);

  const time = screen.getByText('just now');
  expect(time.tagName).toBe('TIME');
  expect(time).toHaveAttribute('dateTime', iso);
  expect(time).toHaveAttribute('title', expect.stringMatching(/^Mar 10, 2026, 3:29\sPM$/));

  act(() => vi.advanceTimersByTime(60_000));
  expect(time).toHaveTextContent(/^1 min ago$/);
});

it('shows a dash when there is no time and the text itself when it is not a date', () => {
  const { rerender } = render(<RelativeTime iso={null} />);
  expect(screen.getByText('—')).toBeVisible();
  rerender(<RelativeTime iso="soon" />);
  expect(screen.getByText('soon')).toBeVisible();
});
