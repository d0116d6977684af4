import './money.css';

/**
 * A tip's note, as the tipper wrote it: rendered as text (never as HTML), line breaks kept, long
 * words wrapped, so a note cannot change the page around it.
 */
export function TipNote({ note, className }: { note: string; className?: string }) {
  return (
    <q className={['money-note', className].filter(Boolean).join(' ')}>
      <span className="visually-hidden">Note: </span>
      {note}
    </q>
  );
}
