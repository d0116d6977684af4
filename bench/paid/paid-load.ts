/**
 * The load generator of bench/paid/tips-and-items.bench.ts, in its own process (bench/support/
 * loadgen.ts). Every payer and the model are online on a websocket Socket.IO client (tips and
 * purchases push live balances to both), payers post over a keep-alive HTTP agent, and each path
 * climbs the suite's open-loop ladder (bench/support/ladder.ts), as the message scenarios do: first
 * tips, then purchases. An operation is done when its answer (201) arrives. The ladder's id of each
 * operation is its idempotency key, so the server can find exactly what each accepted one stored.
 */
import { SOCKET_PATH, SOCKET_TOKEN_QUERY } from '@cc/contracts';
import { keepAliveAgent, openSockets, postJson } from '../support/clients';
import { Ladder, logStep, type LadderResult } from '../support/ladder';
import { serveGenerator } from '../support/loadgen';

export type PaidPlan = {
  base: string;
  payerTokens: string[];
  model: { id: string; token: string };
  items: string[];
  /** Tokens each item costs (the price the buyer saw). */
  price: number;
  stepSeconds: number;
  startAt: number;
};
export type PaidReport = { tips: LadderResult; items: LadderResult; sockets: number; connectSeconds: number };

/**
 * Each buyer buys a different item of the same model: purchase n goes to buyer b = n mod P, in round
 * r = ⌊n / P⌋, for item (b + r) mod N. With N ≥ P the purchases in flight together lock different
 * item rows (purchases.service locks the item it sells), and a buyer never meets an item twice while
 * r < N, so every purchase is a real one and none is refused as already bought.
 */
export function itemFor(n: number, payers: number, items: number) {
  const round = Math.floor(n / payers);
  if (round >= items) throw new Error(`more purchases than buyers × items (${payers} × ${items})`);
  return { buyer: n % payers, item: ((n % payers) + round) % items };
}

async function main(plan: PaidPlan): Promise<PaidReport> {
  const base = new URL(plan.base);
  const connecting = performance.now();
  const queries = [...plan.payerTokens, plan.model.token].map((token) => ({ [SOCKET_TOKEN_QUERY]: token }));
  const sockets = await openSockets(plan.base, SOCKET_PATH, queries);
  const connectSeconds = (performance.now() - connecting) / 1000;
  // About one keep-alive connection per online payer, as each payer's browser would hold.
  const agent = keepAliveAgent(plan.payerTokens.length);
  const payers = plan.payerTokens.length;

  const tipLadder = new Ladder({
    delivery: 'answer',
    send: async (key, n) =>
      (await postJson(
        agent,
        base,
        '/api/share-love/create',
        { modelId: plan.model.id, amount: plan.price, idempotencyKey: key },
        plan.payerTokens[n % payers],
      )) === 201,
  });
  const tips = await tipLadder.climb({
    startAt: plan.startAt,
    stepSeconds: plan.stepSeconds,
    warmUp: { rate: 20, seconds: 3 },
    keepIds: true,
    log: logStep('tip'),
  });

  const itemLadder = new Ladder({
    delivery: 'answer',
    send: async (key, n) => {
      const { buyer, item } = itemFor(n, payers, plan.items.length);
      const body = { sellItemId: plan.items[item], price: plan.price, idempotencyKey: key };
      return (await postJson(agent, base, '/api/purchase-item', body, plan.payerTokens[buyer])) === 201;
    },
  });
  const items = await itemLadder.climb({
    startAt: plan.startAt,
    stepSeconds: plan.stepSeconds,
    warmUp: { rate: 20, seconds: 3 },
    keepIds: true,
    log: logStep('item'),
  });

  for (const socket of sockets) socket.close();
  agent.destroy();
  return { tips, items, sockets: sockets.length, connectSeconds };
}

serveGenerator(main);
