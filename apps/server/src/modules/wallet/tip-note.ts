/**
 * A tip keeps its note in its ledger transaction's metadata (`{ note }`). What the model and the
 * tipper are shown: the note as written, or null when there is none or it is not a tip.
 */
export function tipNoteOf(kind: string, metadata: unknown): string | null {
  if (kind !== 'tip' || !metadata || typeof metadata !== 'object') return null;
  const note = (metadata as { note?: unknown }).note;
  return typeof note === 'string' && note.trim() !== '' ? note : null;
}
