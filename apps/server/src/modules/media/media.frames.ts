import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';

/** Where ffmpeg reads the video: a file on this machine (seekable), or a stream from storage. */
export type VideoSource = { path: string } | { open: () => Readable };

export type FrameResult = { ok: true; jpeg: Buffer } | { ok: false; reason: 'missing' | 'failed' | 'no-frame' | 'timeout' | 'too-large' };

export type FrameOptions = { ffmpegPath: string; atSeconds: number; timeoutMs: number; maxBytes: number };

/**
 * One frame of a video as a full-size JPEG, taken by ffmpeg at `atSeconds`. Never throws: a missing
 * ffmpeg, a video it cannot decode, a time past the end or a stuck process each come back as a reason.
 */
export function grabFrame(source: VideoSource, opts: FrameOptions): Promise<FrameResult> {
  return new Promise((resolve) => {
    const fromPath = 'path' in source;
    const args = [
      '-hide_banner',
      '-loglevel',
      'error',
      ...(fromPath ? ['-nostdin'] : []),
      '-ss',
      String(opts.atSeconds),
      '-i',
      fromPath ? source.path : 'pipe:0',
      '-frames:v',
      '1',
      '-f',
      'image2pipe',
      '-c:v',
      'mjpeg',
      '-q:v',
      '3',
      'pipe:1',
    ];
    const child = spawn(opts.ffmpegPath, args, { stdio: [fromPath ? 'ignore' : 'pipe', 'pipe', 'ignore'] });
    const input = fromPath ? undefined : source.open();

    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const finish = (result: FrameResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      input?.destroy();
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      resolve(result);
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), opts.timeoutMs);

    child.on('error', (error: NodeJS.ErrnoException) => finish({ ok: false, reason: error.code === 'ENOENT' ? 'missing' : 'failed' }));
    child.stdout?.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > opts.maxBytes) finish({ ok: false, reason: 'too-large' });
      else chunks.push(chunk);
    });
    child.on('close', (code) => {
      if (code !== 0) finish({ ok: false, reason: 'failed' });
      else if (received === 0) finish({ ok: false, reason: 'no-frame' });
      else finish({ ok: true, jpeg: Buffer.concat(chunks) });
    });

    if (input && child.stdin) {
      // ffmpeg stops reading once it has its frame; the broken pipe that follows is expected.
      child.stdin.on('error', () => {});
      input.on('error', () => finish({ ok: false, reason: 'failed' }));
      input.pipe(child.stdin);
    }
  });
}
