import './Skeleton.css';

type SkeletonProps = { width?: number | string; height?: number | string; radius?: number | string; className?: string };

/** A placeholder block shown while content loads; hidden from assistive technology. */
export function Skeleton({ width = '100%', height = 16, radius = 'var(--radius-sm)', className }: SkeletonProps) {
  return (
    <span
      className={['ui-skeleton', className].filter(Boolean).join(' ')}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}
