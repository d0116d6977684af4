import { describe, expect, it } from 'vitest';
import { AVATAR_RULE, DOCUMENT_RULE, fileProblem } from '../lib/fileChecks';

const MB = 1024 * 1024;

describe('files checked before upload', () => {
  it.each(['image/jpeg', 'image/png', 'image/webp', 'image/gif'])('accepts a %s avatar up to 5 MB', (type) => {
    expect(fileProblem({ type, size: 5 * MB }, AVATAR_RULE)).toBeNull();
  });

  it('refuses an avatar over 5 MB, saying the limit', () => {
    expect(fileProblem({ type: 'image/png', size: 5 * MB + 1 }, AVATAR_RULE)).toBe('That file is 5 MB, over the 5 MB limit.');
    expect(fileProblem({ type: 'image/png', size: 6.25 * MB }, AVATAR_RULE)).toBe('That file is 6.3 MB, over the 5 MB limit.');
  });

  it('refuses a PDF as an avatar but accepts it as a document up to 10 MB', () => {
    expect(fileProblem({ type: 'application/pdf', size: 1000 }, AVATAR_RULE)).toBe('Choose a JPEG, PNG, WebP or GIF file.');
    expect(fileProblem({ type: 'application/pdf', size: 10 * MB }, DOCUMENT_RULE)).toBeNull();
    expect(fileProblem({ type: 'image/gif', size: 1000 }, DOCUMENT_RULE)).toBe('Choose a JPEG, PNG, WebP or PDF file.');
    expect(fileProblem({ type: 'image/jpeg', size: 11 * MB }, DOCUMENT_RULE)).toBe('That file is 11 MB, over the 10 MB limit.');
  });

  it('refuses an empty file', () => {
    expect(fileProblem({ type: 'image/png', size: 0 }, AVATAR_RULE)).toBe('That file is empty.');
  });
});
