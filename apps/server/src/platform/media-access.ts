import type { FileRow } from './uploads';

/**
 * Who may download a member's media. The owner always may; other rights come from features: a
 * participant of a conversation the file was sent in (messaging), a buyer of an item (marketplace).
 * Each feature registers a rule here at start-up, so the media module never reads their tables.
 */
export type MediaReadRule = (file: FileRow, viewerId: string) => Promise<boolean>;

export function createMediaAccess() {
  const rules: MediaReadRule[] = [];
  return {
    addRule(rule: MediaReadRule) {
      rules.push(rule);
    },
    async canRead(file: FileRow, viewer: { id: string; role: string } | null | undefined): Promise<boolean> {
      if (!viewer) return false;
      if (viewer.id === file.ownerId || viewer.role === 'admin') return true;
      for (const rule of rules) if (await rule(file, viewer.id)) return true;
      return false;
    },
  };
}
export type MediaAccess = ReturnType<typeof createMediaAccess>;
