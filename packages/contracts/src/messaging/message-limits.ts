/** Text messages hold at most 5,000 characters (docs/product.md#limits). */
export const MESSAGE_TEXT_MAX = 5000;
