import './AdminList.css';
import { useId, useState } from 'react';

type ClampedTextProps = {
  text: string;
  /** What the text is, for the button: "error" → "Show the whole error". */
  what: string;
  className?: string;
};

/** Texts shorter than this fit in two lines of a table column and need no button. */
const SHORT = 90;

/**
 * Long text in a table cell: two lines, the whole text on hover (title) and behind a button that
 * expands it in place, so a long error never widens the table.
 */
export function ClampedText({ text, what, className }: ClampedTextProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const classes = ['admin-clamp', open ? 'is-open' : '', className].filter(Boolean).join(' ');
  return (
    <span className="admin-clamp__wrap">
      <span id={id} className={classes} title={text}>
        {text}
      </span>
      {text.length > SHORT ? (
        <button type="button" className="admin-clamp__toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : `Show the whole ${what}`}
        </button>
      ) : null}
    </span>
  );
}
