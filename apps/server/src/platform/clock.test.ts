import { describe, expect, it } from 'vitest';
import { movableClock } from './clock';
import { createJobs } from './jobs';

describe('the server clock tests move', () => {
  it('frozen: stands still between moves and moves by exactly what it is told, never back', async () => {
    const clock = movableClock({ start: new Date('2030-01-01T12:00:00.000Z'), flowing: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(clock.now().toISOString()).toBe('2030-01-01T12:00:00.000Z');
    clock.advance(61_000);
    expect(clock.now().toISOString()).toBe('2030-01-01T12:01:01.000Z');
    expect(() => clock.advance(-1)).toThrow('only moves forward');
    expect(clock.ms()).toBe(Date.parse('2030-01-01T12:01:01.000Z'));
  });

  it('flowing: runs with real time, plus what the test added', async () => {
    const clock = movableClock();
    const before = clock.ms();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const flowed = clock.ms() - before;
    expect(flowed).toBeGreaterThanOrEqual(25);
    clock.advance(60_000);
    expect(clock.ms() - before).toBeGreaterThanOrEqual(60_025);
    expect(clock.ms() - before).toBeLessThan(61_000);
  });

  it('a move runs every started job at once, rather than on its next tick a minute later', async () => {
    const clock = movableClock({ flowing: false });
    const jobs = createJobs(() => undefined, clock);
    const seen: number[] = [];
    jobs.every('test.minutely', 60_000, async () => void seen.push(clock.ms()));
    jobs.start();
    const start = clock.ms();
    clock.advance(61_000);
    await expect.poll(() => seen).toEqual([start + 61_000]);
    await jobs.stop();
    clock.advance(1_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen).toHaveLength(1);
  });

  it('a move during a run is acted on right after that run', async () => {
    const clock = movableClock({ flowing: false });
    const jobs = createJobs(() => undefined, clock);
    const seen: number[] = [];
    let release = () => {};
    jobs.every('test.slow', 60_000, async () => {
      seen.push(clock.ms());
      if (seen.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    jobs.start();
    const start = clock.ms();
    clock.advance(1_000);
    await expect.poll(() => seen.length).toBe(1);
    clock.advance(1_000);
    release();
    await expect.poll(() => seen).toEqual([start + 1_000, start + 2_000]);
    await jobs.stop();
  });
});
