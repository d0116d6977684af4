import { expect, it } from 'vitest';
import { perTurnBatch } from './turn-batch';

/** A lookup that remembers each call's keys and doubles the numbers it knows (0 to 999). */
function doubling() {
  const calls: number[][] = [];
  const lookup = perTurnBatch(async (keys: number[]) => {
    calls.push(keys);
    return new Map(keys.filter((k) => k < 1000).map((k) => [k, k * 2]));
  });
  return { calls, lookup };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

it('answers the asks of one turn with one call, each ask with its own key, a repeated key asked once', async () => {
  const { calls, lookup } = doubling();
  const answers = await Promise.all([lookup(1), lookup(2), lookup(1), lookup(5000)]);
  expect(answers).toEqual([2, 4, 2, undefined]);
  expect(calls).toEqual([[1, 2, 5000]]);
});

it('asks again in a later turn, never answering from an older call', async () => {
  const { calls, lookup } = doubling();
  expect(await lookup(3)).toBe(6);
  await nextTurn();
  expect(await lookup(3)).toBe(6);
  expect(calls).toEqual([[3], [3]]);
});

it('splits a turn of more than 500 keys over several calls', async () => {
  const { calls, lookup } = doubling();
  const keys = Array.from({ length: 1200 }, (_, i) => i);
  const answers = await Promise.all(keys.map(lookup));
  expect(answers.slice(0, 3)).toEqual([0, 2, 4]);
  expect(answers[999]).toBe(1998);
  expect(answers[1000]).toBeUndefined();
  expect(calls.map((c) => c.length)).toEqual([500, 500, 200]);
});

it('fails every ask of a failed call, and the next turn asks afresh', async () => {
  let failing = true;
  const lookup = perTurnBatch(async (keys: string[]) => {
    if (failing) throw new Error('connection lost');
    return new Map(keys.map((k) => [k, k.toUpperCase()]));
  });
  const asks = await Promise.allSettled([lookup('a'), lookup('b')]);
  expect(asks.map((a) => a.status)).toEqual(['rejected', 'rejected']);
  failing = false;
  expect(await Promise.all([lookup('a'), lookup('b')])).toEqual(['A', 'B']);
});

it('with one call at once, asks made while a call is in flight wait and are then asked together', async () => {
  const calls: number[][] = [];
  let release: () => void = () => undefined;
  const lookup = perTurnBatch(
    async (keys: number[]) => {
      calls.push(keys);
      if (calls.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return new Map(keys.map((k) => [k, k * 2]));
    },
    { callsAtOnce: 1 },
  );
  const first = lookup(1);
  await nextTurn();
  const later = [lookup(2), lookup(3)];
  await nextTurn();
  later.push(lookup(4));
  await nextTurn();
  expect(calls).toEqual([[1]]);
  release();
  expect(await Promise.all([first, ...later])).toEqual([2, 4, 6, 8]);
  expect(calls).toEqual([[1], [2, 3, 4]]);
});

it('with one call at once, a failed call still lets the asks waiting behind it be asked', async () => {
  let calls = 0;
  let fail: () => void = () => undefined;
  const lookup = perTurnBatch(
    async (keys: string[]) => {
      calls++;
      if (calls === 1) await new Promise<void>((resolve) => (fail = resolve)).then(() => Promise.reject(new Error('connection lost')));
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    },
    { callsAtOnce: 1 },
  );
  const failed = lookup('a');
  await nextTurn();
  const waitingBehind = lookup('b');
  await nextTurn();
  fail();
  await expect(failed).rejects.toThrow('connection lost');
  expect(await waitingBehind).toBe('B');
  expect(calls).toBe(2);
});
