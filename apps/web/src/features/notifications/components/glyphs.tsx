import { Icon } from '../../../shared/ui';
import type { KindIcon } from '../lib/kinds';

/** Strokes this feature needs that the shared icon set lacks, drawn the same way (24×24, 1.8 stroke). */
const EXTRA = {
  bell: 'M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15zM10 20.5a2.2 2.2 0 0 0 4 0',
  wallet: 'M4 7h15a1 1 0 0 1 1 1v11H5a1 1 0 0 1-1-1zM4 7l12-3v3M16 13h1.5',
} as const;

export function Glyph({ name, size = 20, className }: { name: keyof typeof EXTRA | KindIcon; size?: number; className?: string }) {
  if (!(name in EXTRA)) return <Icon name={name as Exclude<KindIcon, 'wallet'>} size={size} className={className} />;
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={EXTRA[name as keyof typeof EXTRA]} />
    </svg>
  );
}
