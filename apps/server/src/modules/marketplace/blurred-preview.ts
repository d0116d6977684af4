import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';

/**
 * What a non-buyer sees of an item on sale (issue #28: "store previews give the photo away"): the
 * thumbnail shrunk to a few dozen pixels, then blown back up and blurred, so its colours and shape
 * tell what it is without giving it away. The clear thumbnail is for the seller and the buyers,
 * through the media routes (docs/product.md#marketplace).
 */
const REDUCED_SIDE = 24;
const SHOWN_SIDE = 320;
const BLUR_SIGMA = 12;

/** A thumbnail's key names its bytes for good (a new upload gets a new key), so its blur can be kept. */
const KEPT = 256;

export async function blurJpeg(thumbnail: Buffer): Promise<Buffer> {
  const reduced = await sharp(thumbnail).resize(REDUCED_SIDE, REDUCED_SIDE, { fit: 'inside' }).toBuffer();
  return sharp(reduced)
    .resize(SHOWN_SIDE, SHOWN_SIDE, { fit: 'inside', kernel: 'cubic' })
    .blur(BLUR_SIGMA)
    .jpeg({ quality: 60, mozjpeg: true })
    .toBuffer();
}

/** Blurred previews by thumbnail key, the oldest dropped past `KEPT` (a few MB at most). */
export function createBlurredPreviews(read: (key: string) => Readable) {
  const kept = new Map<string, Promise<Buffer>>();
  return (key: string): Promise<Buffer> => {
    const known = kept.get(key);
    if (known) return known;
    const made = buffer(read(key)).then(blurJpeg);
    kept.set(key, made);
    // A failed read is not kept, so the next request tries again.
    made.catch(() => kept.delete(key));
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return made;
  };
}
