import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32 } from 'node:zlib';
import type { S3Config } from '../config/config';

/**
 * A local S3-compatible server for tests, speaking the REST protocol the way S3 and MinIO do, so the
 * S3 storage is tested through the real AWS client rather than a mock of our own code:
 * - every request must carry a valid AWS Signature V4 `Authorization` header (the secret is checked,
 *   the payload's SHA-256 too), or it is refused with SignatureDoesNotMatch and friends;
 * - path-style addressing (`/bucket/key`), one bucket;
 * - PutObject, GetObject (with Range), HeadObject, DeleteObject and multipart uploads (create,
 *   upload part, complete with S3's part-size rules, abort);
 * - errors as S3's XML bodies (NoSuchKey, NoSuchUpload, InvalidRange…).
 * It keeps everything in memory: tests upload megabytes, not gigabytes.
 */

export type FakeS3 = {
  /** Settings that point the app's S3 storage at this server. */
  config: S3Config;
  /** Keys of the objects in the bucket, sorted. */
  keys: () => string[];
  object: (key: string) => Buffer | undefined;
  /** Multipart uploads begun and neither completed nor aborted: parts a real bucket would bill for. */
  openUploads: () => number;
  /** Every request received, in order, with the answer's status. */
  requests: FakeS3Request[];
  close: () => Promise<void>;
};
export type FakeS3Request = { method: string; key: string; query: Record<string, string>; range?: string; status: number };

type StoredObject = { body: Buffer; contentType: string; etag: string; lastModified: Date };
type OpenUpload = { key: string; contentType: string; parts: Map<number, { body: Buffer; etag: string }> };

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

const MIN_PART_BYTES = 5 * 1024 * 1024;
const MAX_CLOCK_SKEW_MS = 15 * 60 * 1000;
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

export async function startFakeS3(opts: { bucket?: string; region?: string } = {}): Promise<FakeS3> {
  const bucket = opts.bucket ?? 'media-test';
  const region = opts.region ?? 'us-east-1';
  const accessKeyId = `AKFAKE${randomBytes(6).toString('hex').toUpperCase()}`;
  const secretAccessKey = randomBytes(30).toString('base64');
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, OpenUpload>();
  const requests: FakeS3Request[] = [];

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake-s3');
    const [, bucketName = '', ...keyParts] = url.pathname.split('/');
    const key = keyParts.map(decodeURIComponent).join('/');
    const query = Object.fromEntries(url.searchParams);
    const entry: FakeS3Request = { method: req.method ?? '', key, query, range: req.headers.range, status: 0 };
    requests.push(entry);
    res.on('finish', () => (entry.status = res.statusCode));
    const requestId = randomBytes(8).toString('hex').toUpperCase();
    res.setHeader('x-amz-request-id', requestId);

    readBody(req)
      .then((body) => {
        verifySignature(req, url, body, { accessKeyId, secretAccessKey, region });
        if (decodeURIComponent(bucketName) !== bucket) throw new S3Error(404, 'NoSuchBucket', 'The specified bucket does not exist.');
        if (!key) return bucketRequest(req, res);
        return objectRequest(req, res, key, query, body);
      })
      .catch((error: unknown) => {
        const e = error instanceof S3Error ? error : new S3Error(500, 'InternalError', String(error));
        res.statusCode = e.status;
        // HEAD answers carry no body; the client reads the status alone.
        if (req.method === 'HEAD') return res.end();
        res.setHeader('content-type', 'application/xml');
        res.end(errorXml(e, { Key: key || undefined, RequestId: requestId }));
      });
  });

  function bucketRequest(req: IncomingMessage, res: ServerResponse) {
    if (req.method === 'HEAD') return res.end();
    throw new S3Error(501, 'NotImplemented', `The fake does not implement ${req.method} on a bucket.`);
  }

  function objectRequest(req: IncomingMessage, res: ServerResponse, key: string, query: Record<string, string>, body: Buffer) {
    const method = req.method;
    if (method === 'POST' && 'uploads' in query) return createUpload(req, res, key);
    if (method === 'PUT' && query.uploadId !== undefined) return uploadPart(res, key, query, body);
    if (method === 'POST' && query.uploadId !== undefined) return completeUpload(res, key, query.uploadId, body);
    if (method === 'DELETE' && query.uploadId !== undefined) {
      openUpload(key, query.uploadId);
      uploads.delete(query.uploadId);
      return res.writeHead(204).end();
    }
    if (method === 'PUT') {
      if (req.headers['x-amz-copy-source']) throw new S3Error(501, 'NotImplemented', 'The fake does not copy objects.');
      const stored = store(key, body, req.headers['content-type']);
      return res.setHeader('etag', stored.etag).end();
    }
    if (method === 'GET' || method === 'HEAD') return sendObject(req, res, key);
    if (method === 'DELETE') {
      // S3 answers 204 whether or not the key existed.
      objects.delete(key);
      return res.writeHead(204).end();
    }
    throw new S3Error(405, 'MethodNotAllowed', 'The specified method is not allowed against this resource.');
  }

  function store(key: string, body: Buffer, contentType = 'binary/octet-stream', etag = `"${md5(body)}"`) {
    const stored = { body, contentType, etag, lastModified: new Date() };
    objects.set(key, stored);
    return stored;
  }

  function sendObject(req: IncomingMessage, res: ServerResponse, key: string) {
    const stored = objects.get(key);
    if (!stored) throw new S3Error(404, 'NoSuchKey', 'The specified key does not exist.');
    const size = stored.body.length;
    const range = parseRange(req.headers.range, size);
    res.setHeader('content-type', stored.contentType);
    res.setHeader('etag', stored.etag);
    res.setHeader('last-modified', stored.lastModified.toUTCString());
    res.setHeader('accept-ranges', 'bytes');
    let body = stored.body;
    if (range) {
      res.statusCode = 206;
      res.setHeader('content-range', `bytes ${range.start}-${range.end}/${size}`);
      body = stored.body.subarray(range.start, range.end + 1);
    }
    res.setHeader('content-length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  function createUpload(req: IncomingMessage, res: ServerResponse, key: string) {
    const uploadId = randomUUID().replaceAll('-', '');
    uploads.set(uploadId, { key, contentType: req.headers['content-type'] ?? 'binary/octet-stream', parts: new Map() });
    sendXml(res, 'InitiateMultipartUploadResult', { Bucket: bucket, Key: key, UploadId: uploadId });
  }

  function openUpload(key: string, uploadId: string) {
    const upload = uploads.get(uploadId);
    if (!upload || upload.key !== key) {
      throw new S3Error(404, 'NoSuchUpload', 'The specified multipart upload does not exist.', { UploadId: uploadId });
    }
    return upload;
  }

  function uploadPart(res: ServerResponse, key: string, query: Record<string, string>, body: Buffer) {
    const upload = openUpload(key, query.uploadId!);
    const partNumber = Number(query.partNumber);
    if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
      throw new S3Error(400, 'InvalidArgument', 'Part number must be an integer between 1 and 10000, inclusive.');
    }
    const etag = `"${md5(body)}"`;
    upload.parts.set(partNumber, { body, etag });
    res.setHeader('etag', etag).end();
  }

  function completeUpload(res: ServerResponse, key: string, uploadId: string, body: Buffer) {
    const upload = openUpload(key, uploadId);
    const listed = [...body.toString('utf8').matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map(([, part]) => ({
      partNumber: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(part!)?.[1]),
      etag: unescapeXml(/<ETag>([^<]*)<\/ETag>/.exec(part!)?.[1] ?? '').replaceAll('"', ''),
    }));
    if (listed.length === 0) throw new S3Error(400, 'MalformedXML', 'The XML you provided was not well-formed.');
    const chosen = listed.map(({ partNumber, etag }, index) => {
      if (index > 0 && partNumber <= listed[index - 1]!.partNumber) {
        throw new S3Error(400, 'InvalidPartOrder', 'The list of parts was not in ascending order.');
      }
      const part = upload.parts.get(partNumber);
      if (!part || part.etag.replaceAll('"', '') !== etag) {
        throw new S3Error(400, 'InvalidPart', 'One or more of the specified parts could not be found.');
      }
      if (index < listed.length - 1 && part.body.length < MIN_PART_BYTES) {
        throw new S3Error(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed object size.');
      }
      return part;
    });
    const combinedMd5 = createHash('md5');
    for (const part of chosen) combinedMd5.update(Buffer.from(part.etag.replaceAll('"', ''), 'hex'));
    const etag = `"${combinedMd5.digest('hex')}-${chosen.length}"`;
    store(key, Buffer.concat(chosen.map((p) => p.body)), upload.contentType, etag);
    uploads.delete(uploadId);
    sendXml(res, 'CompleteMultipartUploadResult', { Location: `/${bucket}/${key}`, Bucket: bucket, Key: key, ETag: etag });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    config: { endpoint: `http://127.0.0.1:${port}`, region, bucket, accessKeyId, secretAccessKey, forcePathStyle: true },
    keys: () => [...objects.keys()].sort(),
    object: (key) => objects.get(key)?.body,
    openUploads: () => uploads.size,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * AWS Signature Version 4, checked the way S3 checks it: the canonical request is rebuilt from what
 * arrived (method, path, query, the signed headers, the payload hash) and signed with the secret.
 */
function verifySignature(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  account: { accessKeyId: string; secretAccessKey: string; region: string },
) {
  const authorization = req.headers.authorization;
  if (!authorization) throw new S3Error(403, 'AccessDenied', 'Access Denied');
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match) throw new S3Error(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  const [, keyId, scopeDate, scopeRegion, service, signedHeaderList, signature] = match as unknown as string[];
  if (keyId !== account.accessKeyId) {
    throw new S3Error(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  if (scopeRegion !== account.region || service !== 's3') {
    throw new S3Error(400, 'AuthorizationHeaderMalformed', `The region '${scopeRegion}' is wrong; expecting '${account.region}'.`);
  }
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const signedAt = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!signedAt || amzDate.slice(0, 8) !== scopeDate) throw new S3Error(403, 'AccessDenied', 'X-Amz-Date is missing or malformed.');
  const [, y, mo, d, h, mi, s] = signedAt.map(Number) as number[];
  if (Math.abs(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - Date.now()) > MAX_CLOCK_SKEW_MS) {
    throw new S3Error(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
  }

  const signedHeaders = signedHeaderList!.split(';');
  for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
    if (!signedHeaders.includes(required)) throw new S3Error(403, 'AccessDenied', `${required} must be signed.`);
  }
  const payloadHash = String(req.headers['x-amz-content-sha256']);
  if (payloadHash.startsWith('STREAMING-')) throw new S3Error(501, 'NotImplemented', 'The fake does not take chunked uploads.');

  const canonicalRequest = [
    req.method,
    url.pathname
      .split('/')
      .map((segment) => strictEncode(decodeURIComponent(segment)))
      .join('/'),
    canonicalQuery(url),
    ...signedHeaders.map((name) => `${name}:${headerValue(req, name)}`),
    '',
    signedHeaderList,
    payloadHash,
  ].join('\n');
  const scope = `${scopeDate}/${scopeRegion}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  let key: Buffer = Buffer.from(`AWS4${account.secretAccessKey}`);
  for (const part of [scopeDate!, scopeRegion!, 's3', 'aws4_request']) key = hmac(key, part);
  const expected = hmac(key, stringToSign);
  if (!timingSafeEqual(expected, Buffer.from(signature!, 'hex'))) {
    throw new S3Error(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }

  // The signature covers the payload's hash; the hash must also be the payload's.
  if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== (body.length ? sha256(body) : EMPTY_SHA256)) {
    throw new S3Error(400, 'XAmzContentSHA256Mismatch', "The provided 'x-amz-content-sha256' header does not match what was computed.");
  }
  const contentMd5 = req.headers['content-md5'];
  if (contentMd5 && contentMd5 !== createHash('md5').update(body).digest('base64')) {
    throw new S3Error(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
  }
  const checksum = req.headers['x-amz-checksum-crc32'];
  if (checksum) {
    const computed = Buffer.alloc(4);
    computed.writeUInt32BE(crc32(body));
    if (checksum !== computed.toString('base64')) {
      throw new S3Error(400, 'BadDigest', 'The CRC32 you specified did not match the calculated checksum.');
    }
  }
}

function canonicalQuery(url: URL): string {
  const pairs = (url.search.slice(1) ? url.search.slice(1).split('&') : []).map((pair) => {
    const [name = '', value = ''] = pair.split(/=(.*)/s);
    return [strictEncode(decodeURIComponent(name)), strictEncode(decodeURIComponent(value))] as const;
  });
  pairs.sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0));
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

function headerValue(req: IncomingMessage, name: string): string {
  const value = req.headers[name];
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return text.trim().replace(/\s+/g, ' ');
}

/** RFC 3986 encoding, as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ is escaped. */
const strictEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const md5 = (data: Buffer) => createHash('md5').update(data).digest('hex');
const hmac = (key: Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/** S3's single-range forms; anything else is ignored and the whole object is sent, as S3 does. */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, first, last] = match;
  const start = first === '' ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (first !== '' && last !== '' && Number(last) < start) return null;
  if (start >= size || (first === '' && Number(last) === 0)) {
    throw new S3Error(416, 'InvalidRange', 'The requested range is not satisfiable', {
      RangeRequested: header!,
      ActualObjectSize: String(size),
    });
  }
  return { start, end };
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);
const unescapeXml = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos|#34);/g, (_, e: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'", '#34': '"' })[e]!);

const elements = (fields: Record<string, string | undefined>) =>
  Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<${name}>${escapeXml(value!)}</${name}>`)
    .join('');

function sendXml(res: ServerResponse, root: string, fields: Record<string, string>) {
  res.setHeader('content-type', 'application/xml');
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<${root} xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${elements(fields)}</${root}>`);
}

function errorXml(error: S3Error, fields: Record<string, string | undefined>) {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${elements({ Code: error.code, Message: error.message, ...error.extra, ...fields })}</Error>`;
}
