import { describe, expect, it } from 'vitest';
import { MEDIA_LIMITS } from '@cc/contracts';
import { attachmentProblem, mediaKindOf } from '../lib/mediaRules';

const file = (name: string, type: string, size = 1024) => ({ name, type, size });

describe('attachments are checked before upload', () => {
  it('sends pictures as photos, films as videos and the rest as files', () => {
    expect(mediaKindOf(file('a.jpg', 'image/jpeg'))).toBe('photo');
    expect(mediaKindOf(file('a.mov', 'video/quicktime'))).toBe('video');
    expect(mediaKindOf(file('a.pdf', 'application/pdf'))).toBe('file');
    expect(mediaKindOf(file('a.png', ''))).toBe('photo');
  });

  it('accepts what the server accepts', () => {
    expect(attachmentProblem(file('a.jpg', 'image/jpeg'))).toBeNull();
    expect(attachmentProblem(file('a.webm', 'video/webm'))).toBeNull();
    expect(attachmentProblem(file('notes.pdf', 'application/pdf'))).toBeNull();
  });

  it('says when a file is too large, with the limit of its kind', () => {
    expect(attachmentProblem(file('big.jpg', 'image/jpeg', MEDIA_LIMITS.photo + 1))).toBe('Photo is too large: the limit is 20 MB.');
    expect(attachmentProblem(file('big.mp4', 'video/mp4', MEDIA_LIMITS.video + 1))).toBe('Video is too large: the limit is 500 MB.');
    expect(attachmentProblem(file('big.zip', 'application/zip', MEDIA_LIMITS.file + 1))).toBe('File is too large: the limit is 100 MB.');
  });

  it('says when a type cannot be sent', () => {
    expect(attachmentProblem(file('a.bmp', 'image/bmp'))).toMatch(/^Photos must be JPEG, PNG, WEBP or GIF\.$/);
    expect(attachmentProblem(file('run.exe', 'application/x-msdownload'))).toMatch(/^This kind of file cannot be sent/);
    expect(attachmentProblem(file('empty.pdf', 'application/pdf', 0))).toBe('That file is empty.');
  });
});
