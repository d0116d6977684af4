import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on 127.0.0.1 that speaks Web Push (RFC 8030) and checks what arrives as a real one
 * would, with its own code rather than web-push's: the VAPID header (RFC 8292: an ES256 JWT whose
 * `aud` is this origin, not expired, signed by the key `k` names) and the aes128gcm body (RFC 8291 /
 * RFC 8188), decrypted with the subscription's private key and auth secret made here like a browser.
 */
export type Delivery = {
  endpoint: string;
  message: unknown;
  /** The `k` of the Authorization header: the server's VAPID public key. */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  ttl: number;
  urgency: string | undefined;
};

type Browser = { endpoint: string; ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number; requests: number };

const b64url = (bytes: Buffer) => bytes.toString('base64url');

export async function startFakePushService() {
  const browsers = new Map<string, Browser>();
  const deliveries: Delivery[] = [];
  const refusals: string[] = [];

  const server = createServer((request, response) => {
    void readBody(request).then((body) => {
      const browser = browsers.get(request.url ?? '');
      if (request.method !== 'POST' || !browser) return void response.writeHead(404).end();
      browser.requests += 1;
      try {
        deliveries.push(check(browser, request, body));
      } catch (error) {
        refusals.push((error as Error).message);
        return void response.writeHead(400).end();
      }
      response.writeHead(browser.status, { location: `${browser.endpoint}/message/${randomBytes(4).toString('hex')}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A subscription as the browser makes it: its `PushSubscription.toJSON()`. */
  function subscribe() {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    const path = `/push/${randomBytes(12).toString('hex')}`;
    const browser: Browser = { endpoint: `${origin}${path}`, ecdh, auth, status: 201, requests: 0 };
    browsers.set(path, browser);
    return {
      endpoint: browser.endpoint,
      expirationTime: null,
      keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) },
      /** What the push service answers from now on (410: this subscription is gone). */
      answer: (status: number) => void (browser.status = status),
      /** How many requests reached this endpoint, accepted or not. */
      requests: () => browser.requests,
    };
  }

  function check(browser: Browser, request: IncomingMessage, body: Buffer): Delivery {
    if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('Content-Encoding is not aes128gcm');
    const ttl = Number(request.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL');
    const { vapidKey, claims } = checkVapid(String(request.headers.authorization ?? ''));
    const urgency = request.headers.urgency as string | undefined;
    return { endpoint: browser.endpoint, message: JSON.parse(decrypt(browser, body)), vapidKey, claims, ttl, urgency };
  }

  function checkVapid(header: string) {
    const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header);
    if (!match) throw new Error('Authorization is not "vapid t=…, k=…"');
    const [jwt, vapidKey] = [match[1]!, match[2]!];
    const [head, payload, signature] = jwt.split('.') as [string, string, string];
    if (JSON.parse(Buffer.from(head, 'base64url').toString()).alg !== 'ES256') throw new Error('the JWT is not ES256');
    const point = Buffer.from(vapidKey, 'base64url');
    if (point.length !== 65 || point[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
    const key = createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) },
      format: 'jwk',
    });
    const signed = verify(
      'sha256',
      Buffer.from(`${head}.${payload}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    );
    if (!signed) throw new Error('the JWT signature does not verify against k');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Delivery['claims'];
    if (claims.aud !== origin) throw new Error(`aud ${claims.aud} is not ${origin}`);
    const now = Date.now() / 1000;
    if (!(claims.exp > now && claims.exp <= now + 24 * 60 * 60)) throw new Error('exp is not within the next 24 hours');
    if (!/^(mailto:|https:)/.test(claims.sub)) throw new Error('sub is not mailto: or https:');
    return { vapidKey, claims };
  }

  return {
    origin,
    subscribe,
    deliveries,
    /** Requests the service refused as malformed (a wrong signature, a body that does not decrypt). */
    refusals,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * RFC 8291 over RFC 8188: header salt(16) | rs(4) | idlen(1) | keyid = the sender's public key;
 * IKM from the ECDH secret and the auth secret, then the content key and nonce; one record whose
 * plaintext ends with the delimiter 0x02 and optional zero padding.
 */
function decrypt(browser: Browser, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (body.readUInt32BE(16) < record.length) throw new Error('more than one record');
  const shared = browser.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, browser.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('the last record does not end with the 0x02 delimiter');
  return padded.subarray(0, end).toString('utf8');
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
  });
}
