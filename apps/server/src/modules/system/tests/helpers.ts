import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { TestApp, TestResponse } from '../../../test-support/harness';

/** A small real PNG. */
export const makePng = (size = 16) =>
  sharp({ create: { width: size, height: size, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 1 } } })
    .png()
    .toBuffer();

/** A minimal valid ICO: 6-byte header, one 16-byte directory entry, then an embedded PNG image. */
export async function makeIco(): Promise<Buffer> {
  const png = await makePng(16);
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // 1 = icon
  header.writeUInt16LE(1, 4); // one image
  const entry = Buffer.alloc(16);
  entry.writeUInt8(16, 0); // width
  entry.writeUInt8(16, 1); // height
  entry.writeUInt8(0, 2); // palette size
  entry.writeUInt8(0, 3); // reserved
  entry.writeUInt16LE(1, 4); // colour planes
  entry.writeUInt16LE(32, 6); // bits per pixel
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(header.length + entry.length, 12); // image offset
  return Buffer.concat([header, entry, png]);
}

/** Posts one file as multipart/form-data, the way a browser form does. */
export async function uploadFile(
  app: TestApp,
  url: string,
  file: { field?: string; name: string; type: string; content: Buffer },
  token?: string,
): Promise<TestResponse> {
  const boundary = `----cc${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as unknown) : undefined, headers: res.headers };
}
