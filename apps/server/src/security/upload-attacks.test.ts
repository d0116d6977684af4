import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../db/schema';
import { createMember } from '../test-support/factories';
import { createTestApp, type TestApp } from '../test-support/harness';
import { makeImage } from '../modules/media/tests/helpers';
import { sendUpload } from './route-table';

/**
 * Files built to hurt: script dressed as a picture, pictures named like pages, names that climb out
 * of the storage folder, headers claiming billions of pixels. Types are judged from the bytes and
 * photos re-encoded (docs/product.md#media), so none of them may ever come back as something a
 * browser would run, and a refusal leaves neither a row nor bytes behind.
 */

let app: TestApp;
let member: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  app = await createTestApp();
  member = await createMember(app);
});
afterAll(() => app.close());

/** Every file (not folder) under DATA_DIR/files. */
const storedFiles = () => {
  const root = path.join(app.config.dataDir, 'files');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
};
const rowsOfMember = () => app.ctx.db.select().from(files).where(eq(files.ownerId, member.user.id));

/** Uploads, and when it is taken, downloads it back as its owner. */
async function roundTrip(url: string, file: { name: string; type: string; content: Buffer }) {
  const res = await sendUpload(app, 'POST', url, file, { token: member.token });
  if (res.status !== 201) return { status: res.status, body: res.body };
  const id = res.body.data._id as string;
  const download = await app.app.inject({
    method: 'GET',
    url: `/api/media/${id}/download/`,
    headers: { authorization: `Bearer ${member.token}` },
  });
  return { status: res.status, body: res.body, download };
}

/** A PNG whose header claims width × height, with a few compressed rows of zeros: a decompression bomb's shape. */
function pngClaiming(width: number, height: number) {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(1024 * 1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

describe('refused from their bytes, leaving nothing behind', () => {
  const cases = [
    {
      what: 'an SVG with a script, sent as a photo',
      url: '/api/media/photos',
      file: {
        name: 'cat.svg',
        type: 'image/svg+xml',
        content: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    },
    {
      what: 'an SVG with a script, sent as a file',
      url: '/api/media/files',
      file: { name: 'cat.svg', type: 'image/svg+xml', content: Buffer.from('<?xml version="1.0"?><svg onload="alert(1)"/>') },
    },
    {
      what: 'an HTML page named like a photo',
      url: '/api/media/photos',
      file: { name: 'photo.jpg', type: 'image/jpeg', content: Buffer.from('<html><script>alert(document.cookie)</script></html>') },
    },
    {
      what: 'an HTML page as a file',
      url: '/api/media/files',
      file: { name: 'a.pdf', type: 'application/pdf', content: Buffer.from('<!doctype html><script>alert(1)</script>') },
    },
    {
      what: 'an SVG as an avatar',
      url: '/api/users/avatar',
      file: { name: 'me.svg', type: 'image/svg+xml', content: Buffer.from('<svg onload="alert(1)"/>') },
    },
  ];

  it.each(cases)('$what', async ({ url, file }) => {
    const rowsBefore = (await rowsOfMember()).length;
    const bytesBefore = storedFiles().length;
    const res = await sendUpload(app, 'POST', url, file, { token: member.token });
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect((await rowsOfMember()).length).toBe(rowsBefore);
    expect(storedFiles().length).toBe(bytesBefore);
  });

  it.each([
    { what: 'far past the pixel limit', width: 100_000, height: 100_000 },
    { what: 'one very long row', width: 1_000_000_000, height: 1 },
  ])('a photo whose header claims $what (a decompression bomb) is refused', async ({ width, height }) => {
    const rowsBefore = (await rowsOfMember()).length;
    const bytesBefore = storedFiles().length;
    const started = Date.now();
    const res = await sendUpload(
      app,
      'POST',
      '/api/media/photos',
      { name: 'bomb.png', type: 'image/png', content: pngClaiming(width, height) },
      { token: member.token },
    );
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('UNSUPPORTED_FILE_TYPE');
    // Refused from the header, not after decoding billions of pixels.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await rowsOfMember()).length).toBe(rowsBefore);
    expect(storedFiles().length).toBe(bytesBefore);
  });
});

describe('taken, but only as what the bytes are', () => {
  it('a PNG that is also JavaScript comes back re-encoded: the script part is gone', async () => {
    const png = await makeImage('png', 4, 4);
    const polyglot = Buffer.concat([png, Buffer.from('/*<script>alert(1)</script>*/=1;alert(2)')]);
    const res = await roundTrip('/api/media/photos', { name: 'x.js', type: 'application/javascript', content: polyglot });
    expect(res.status).toBe(201);
    expect(res.download!.headers['content-type']).toBe('image/png');
    expect(res.download!.rawPayload.toString('latin1')).not.toContain('<script>');
  });

  it('a GIF that is also JavaScript (kept as sent, for its animation) is served as a GIF with nosniff', async () => {
    const gif = await makeImage('gif', 4, 4);
    const polyglot = Buffer.concat([gif, Buffer.from('/*<script>alert(1)</script>*/=1;alert(2)')]);
    const res = await roundTrip('/api/media/photos', { name: 'x.js', type: 'application/javascript', content: polyglot });
    expect(res.status).toBe(201);
    // A browser refuses to run a nosniff answer typed image/gif as a script, and 'self' is the only script source.
    expect(res.download!.headers['content-type']).toBe('image/gif');
    expect(res.download!.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.download!.headers['content-disposition'])).toMatch(/^(inline|attachment); filename="x\.gif"$/);
  });

  it('a PNG named page.html is stored and served as a PNG', async () => {
    const png = await makeImage('png', 4, 4);
    const res = await roundTrip('/api/media/photos', { name: 'page.html', type: 'text/html', content: png });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ mimeType: 'image/png' });
    expect(res.download!.headers['content-type']).toBe('image/png');
    expect(String(res.download!.headers['content-disposition'])).not.toMatch(/\.html/);
  });

  it('a PDF carrying HTML is served as a PDF with nosniff, so no browser renders it as a page', async () => {
    const pdf = Buffer.from('%PDF-1.4\n<html><body><script>alert(1)</script></body></html>\n%%EOF\n');
    const res = await roundTrip('/api/media/files', { name: 'notes.html', type: 'text/html', content: pdf });
    expect(res.status).toBe(201);
    expect(res.download!.headers['content-type']).toBe('application/pdf');
    expect(res.download!.headers['x-content-type-options']).toBe('nosniff');
    expect(policyOf(res.download!.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it.each([
    '../../../../etc/passwd.png',
    '..\\..\\..\\windows\\win.ini.png',
    '/absolute/path.png',
    'quote".png\r\nX-Injected: yes',
    'nul\u0000byte.png',
    '%2e%2e%2f%2e%2e%2fescape.png',
  ])('a file named %j lands inside storage under a clean name', async (name) => {
    const png = await makeImage('png', 4, 4);
    const res = await roundTrip('/api/media/photos', { name, type: 'image/png', content: png });
    if (res.status !== 201) {
      // A name the multipart parser will not take is refused whole; what matters is nothing escaped.
      expect(res.status).toBeLessThan(500);
    } else {
      const [row] = await app.ctx.db.select().from(files).where(eq(files.id, res.body.data._id));
      expect(row!.fileName).toMatch(/^[\w.-]+\.png$/);
      expect(row!.fileName).not.toMatch(/\.\.[/\\]/);
      expect(row!.storageKey).toMatch(/^media\/[0-9a-f-]+\.png$/);
      const disposition = String(res.download!.headers['content-disposition']);
      expect(disposition).not.toMatch(/[\r\n]/);
      expect(res.download!.headers['x-injected']).toBeUndefined();
    }
  });
});

const policyOf = (header: unknown) => String(header ?? '');
