import { useId, useState } from 'react';
import type { AuditEntry } from '@cc/contracts';
import { auditChanges } from './auditEntry';
import './AuditLog.css';

/** A post's creation logs nine fields: the first few keep the row short, the rest are a click away. */
const FIRST = 4;

/** The fields an action changed, one per line: `field: before → after`, wrapping inside the column. */
export function AuditChanges({ entry }: { entry: Pick<AuditEntry, 'action' | 'before' | 'after'> }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const changes = auditChanges(entry);
  if (changes.length === 0) return <span className="muted">—</span>;
  const shown = open ? changes : changes.slice(0, FIRST);
  return (
    <div className="audit-changes">
      <ul id={id} className="audit-changes__list">
        {shown.map((change) => (
          <li key={change.field} className="audit-change" title={change.full}>
            <span className="audit-change__field">{change.field}:</span>{' '}
            {change.before !== undefined ? <span className="audit-change__before">{change.before}</span> : null}
            {change.before !== undefined && change.after !== undefined ? <span className="audit-change__arrow"> → </span> : null}
            {change.after !== undefined ? <span className="audit-change__after">{change.after}</span> : null}
          </li>
        ))}
      </ul>
      {changes.length > FIRST ? (
        <button type="button" className="admin-clamp__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? 'Show fewer' : `Show all ${changes.length} changes`}
        </button>
      ) : null}
    </div>
  );
}
