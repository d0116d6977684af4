/**
 * The identity a member's browser device carries in its access token. Twilio allows at most 121
 * alphanumeric and underscore characters (docs/product.md#calls), and it reaches Twilio's logs, so it
 * is the member's internal id in a compact form, never a name or an e-mail address.
 */
const PREFIX = 'member_';
const IDENTITY = /^member_([0-9a-f]{32})$/;

export function identityForUser(userId: string): string {
  const hex = userId.replaceAll('-', '').toLowerCase();
  if (!/^[0-9a-f]{32}$/.test(hex)) throw new Error('a voice identity is made from a member id (a UUID)');
  return `${PREFIX}${hex}`;
}

/** The member id behind an identity, or null when it is not one of ours. Twilio sends `client:<identity>`. */
export function userIdFromIdentity(identity: string): string | null {
  const hex = IDENTITY.exec(identity.replace(/^client:/, ''))?.[1];
  if (!hex) return null;
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
