/**
 * The load generator of bench/messaging/send-and-deliver.bench.ts, in its own process: every
 * sender and every recipient is online on a websocket Socket.IO client (as their browsers would
 * be), senders send with POST /api/messages over a keep-alive HTTP agent, and a message counts as
 * delivered when the recipient's socket gets its `message:created`. One open-loop ladder
 * (bench/support/ladder.ts); the report carries every client id, so the server can count rows.
 */
import { SOCKET_PATH, SOCKET_TOKEN_QUERY, type ServerToClientEvents } from '@cc/contracts';
import { keepAliveAgent, openSockets, postJson } from '../support/clients';
import { Ladder, logStep, type LadderResult } from '../support/ladder';
import { serveGenerator } from '../support/loadgen';

export type MessagesPair = { senderToken: string; recipientToken: string; recipientId: string; conversationId: string };
export type MessagesPlan = { base: string; kind: 'free' | 'paid'; pairs: MessagesPair[]; stepSeconds: number; startAt: number };
export type MessagesReport = { ladder: LadderResult; sockets: number; connectSeconds: number };

type Created = Parameters<ServerToClientEvents['message:created']>[0];

async function main(plan: MessagesPlan): Promise<MessagesReport> {
  const base = new URL(plan.base);
  const connecting = performance.now();
  const queries = plan.pairs.flatMap((p) => [{ [SOCKET_TOKEN_QUERY]: p.senderToken }, { [SOCKET_TOKEN_QUERY]: p.recipientToken }]);
  const sockets = await openSockets(plan.base, SOCKET_PATH, queries);
  const connectSeconds = (performance.now() - connecting) / 1000;
  // About one keep-alive connection per online sender, as each sender's browser would hold.
  const agent = keepAliveAgent(plan.pairs.length);
  const ladder = new Ladder({
    delivery: 'socket',
    send: async (clientId, n) => {
      const pair = plan.pairs[n % plan.pairs.length]!;
      const body = { conversationId: pair.conversationId, clientId, type: 'text', text: `benchmark message ${clientId}` };
      return (await postJson(agent, base, '/api/messages', body, pair.senderToken)) === 201;
    },
  });
  plan.pairs.forEach((pair, k) => {
    // The sender's own socket gets the event too (their other tabs); only the recipient's counts.
    sockets[2 * k + 1]!.on('message:created', ({ message }: Created) => {
      if (message.senderId !== pair.recipientId) ladder.delivered(message.clientId);
    });
  });

  const result = await ladder.climb({
    startAt: plan.startAt,
    stepSeconds: plan.stepSeconds,
    warmUp: { rate: 20, seconds: 3 },
    keepIds: true,
    log: logStep(plan.kind),
  });
  for (const socket of sockets) socket.close();
  agent.destroy();
  return { ladder: result, sockets: sockets.length, connectSeconds };
}

serveGenerator(main);
