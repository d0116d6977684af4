import { createJsonSchemaTransform } from 'fastify-type-provider-zod';

type JsonSchemaNode = Record<string, unknown>;

/**
 * Says the unit of every amount in the OpenAPI document. Contracts mark amounts with `unit` metadata
 * (docs/product.md#units); here it becomes the `x-unit` extension. A token amount is an integer of
 * hundredths inside the server but a number of tokens on the wire, so both its request and its
 * answer form are documented as the wire number.
 */
export function documentAmountUnits(node: JsonSchemaNode) {
  if (typeof node.unit === 'string') {
    node['x-unit'] = node.unit;
    delete node.unit;
  }
  if (node.tokenAmount === true) {
    delete node.tokenAmount;
    // A request may also carry the number as text ("1.50", from a form); the document names the number.
    delete node.anyOf;
    node.type = 'number';
    node.multipleOf = 0.01;
    // zod's integer bounds (±2^53) describe the hundredths, not the wire; the description says the rest.
    if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
    if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
  }
}

export const openApiTransform = createJsonSchemaTransform({
  zodToJsonConfig: { override: ({ jsonSchema }) => documentAmountUnits(jsonSchema as JsonSchemaNode) },
});
