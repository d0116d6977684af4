import { useId, type ReactNode } from 'react';
import { Icon } from './Icon';
import './Field.css';

export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
};

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  /** Extra content under the control (e.g. the password checklist), linked as a description. */
  below?: ReactNode;
  /** Content at the right of the label row (e.g. a "Forgot password?" link). */
  labelAside?: ReactNode;
  id?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * Label, control, hint and error text wired together: the control is described by the hint and the
 * error, and marked invalid while an error shows, so screen readers hear the same as people see.
 */
export function Field({ label, hint, error, below, labelAside, id, className, children }: FieldProps) {
  const autoId = useId();
  const controlId = id ?? `field-${autoId}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const belowId = below ? `${controlId}-below` : undefined;
  const describedBy = [errorId, hintId, belowId].filter(Boolean).join(' ') || undefined;

  return (
    <div className={['ui-field', error && 'ui-field--invalid', className].filter(Boolean).join(' ')}>
      <div className="ui-field__label-row">
        <label className="ui-field__label" htmlFor={controlId}>
          {label}
        </label>
        {labelAside}
      </div>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && !error ? (
        <p id={hintId} className="ui-field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="ui-field__error" role="alert">
          <Icon name="alert" size={14} />
          {error}
        </p>
      ) : null}
      {below ? <div id={belowId}>{below}</div> : null}
    </div>
  );
}
