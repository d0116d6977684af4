/**
 * The load generator of bench/ceilings/ceilings.bench.ts, in its own process: holds 200
 * sender/receiver pairs of websocket clients and runs one open-loop ladder per ceiling
 * (bench/support/ladder.ts), reporting each to the server process.
 */
import { keepAliveAgent, openSockets, postJson } from '../support/clients';
import { Ladder, logStep, type LadderResult, type Target } from '../support/ladder';
import { serveGenerator } from '../support/loadgen';

export type CeilingName = 'fastify-insert' | 'relay' | 'relay-insert';
export type CeilingsPlan = { base: string; pairs: number; stepSeconds: number; ceilings: CeilingName[] };
export type CeilingsReport = { ladders: Partial<Record<CeilingName, LadderResult>> };
type Relayed = { id: string; from: number; to: number; text: string };

/** Where each ladder starts: a little below where the ceilings of this kind of machine sit (issue #11). */
const START_AT: Record<CeilingName, number> = { 'fastify-insert': 1000, relay: 1000, 'relay-insert': 1000 };

async function main(plan: CeilingsPlan): Promise<CeilingsReport> {
  const base = new URL(plan.base);
  const queries = Array.from({ length: plan.pairs }, (_, k) => [{ user: `s${k}` }, { user: `r${k}` }]).flat();
  const sockets = await openSockets(plan.base, '/socket.io', queries);
  const senders = sockets.filter((_, i) => i % 2 === 0);
  const receivers = sockets.filter((_, i) => i % 2 === 1);
  let current: Ladder | undefined;
  for (const receiver of receivers) receiver.on('relayed', (m: Relayed) => current?.delivered(m.id));
  const agent = keepAliveAgent(plan.pairs);
  const text = (id: string) => `benchmark message ${id}`;

  const targets: Record<CeilingName, Target> = {
    'fastify-insert': {
      delivery: 'answer',
      send: async (id, n) => {
        const k = n % plan.pairs;
        return (await postJson(agent, base, '/ceiling/insert', { id, from: k, to: k, text: text(id) })) === 200;
      },
    },
    relay: {
      delivery: 'socket',
      send: async (id, n) => {
        const k = n % plan.pairs;
        senders[k]!.emit('relay', { id, from: k, to: k, text: text(id) } satisfies Relayed);
        return true;
      },
    },
    'relay-insert': {
      delivery: 'socket',
      send: async (id, n) => {
        const k = n % plan.pairs;
        senders[k]!.emit('relay-insert', { id, from: k, to: k, text: text(id) } satisfies Relayed);
        return true;
      },
    },
  };

  const ladders: CeilingsReport['ladders'] = {};
  for (const name of plan.ceilings) {
    current = new Ladder(targets[name]);
    ladders[name] = await current.climb({
      startAt: START_AT[name],
      stepSeconds: plan.stepSeconds,
      warmUp: { rate: START_AT[name] / 2, seconds: 2 },
      log: logStep(name),
    });
  }
  for (const socket of sockets) socket.close();
  agent.destroy();
  return { ladders };
}

serveGenerator(main);
