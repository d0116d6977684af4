import './Spinner.css';

type SpinnerProps = { size?: number; label?: string; className?: string };

/** An indeterminate spinner. Without a label it is decorative (the caller announces the work). */
export function Spinner({ size = 18, label, className }: SpinnerProps) {
  return (
    <span
      className={['ui-spinner', className].filter(Boolean).join(' ')}
      style={{ width: size, height: size }}
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    />
  );
}
