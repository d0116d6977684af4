import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/harness';

/**
 * Every amount in the OpenAPI document says its unit (docs/product.md#units): a numeric field named
 * like an amount must carry `x-unit`, and a token amount is documented as the number a client sends
 * and reads (tokens, two decimals), not the hundredths the server keeps.
 */
type Node = Record<string, unknown>;

const AMOUNT_NAME =
  /^(balance|amount|amountCents|price|priceCents|tokens?|tokenPerMessage|callRate|gross|net|commission|sum|entriesSum|finalTokens|minPayoutTokens|needed|held|cost|total)$/i;

let app: TestApp;
let document: Node;

beforeAll(async () => {
  app = await createTestApp();
  await app.app.ready();
  document = app.app.swagger() as Node;
});
afterAll(() => app.close());

/** Every property of every schema in the document, with where it stands. */
function* properties(node: unknown, where: string): Generator<{ where: string; name: string; schema: Node }> {
  if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) yield* properties(item, `${where}[${i}]`);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Node;
  if (typeof record.properties === 'object' && record.properties !== null) {
    for (const [name, schema] of Object.entries(record.properties as Record<string, Node>)) {
      yield { where: `${where}.${name}`, name, schema };
    }
  }
  for (const [key, value] of Object.entries(record)) yield* properties(value, `${where}.${key}`);
}

const isNumeric = (schema: Node) =>
  schema.type === 'number' ||
  schema.type === 'integer' ||
  (Array.isArray(schema.anyOf) && (schema.anyOf as Node[]).some((s) => s.type === 'number' || s.type === 'integer'));

it('gives every amount field a unit', () => {
  const checked = [...properties(document.paths, 'paths')].filter(({ name, schema }) => AMOUNT_NAME.test(name) && isNumeric(schema));
  const withoutUnit = checked.filter(({ schema }) => typeof schema['x-unit'] !== 'string').map(({ where }) => where);
  expect(withoutUnit).toEqual([]);
  // The walk reaches the amounts at all: balances, prices and tips are in the document.
  expect(checked.length).toBeGreaterThan(20);
});

it('documents token amounts as numbers of tokens with two decimals, never as integers of hundredths', () => {
  const tokenAmounts = [...properties(document.paths, 'paths')].filter(({ schema }) => schema['x-unit'] === 'tokens');
  const wrong = tokenAmounts.filter(({ schema }) => schema.type !== 'number' || schema.multipleOf !== 0.01).map(({ where }) => where);
  expect(wrong).toEqual([]);
  expect(tokenAmounts.map(({ name }) => name)).toEqual(expect.arrayContaining(['balance', 'token', 'gross', 'net']));
});
