import type { SVGProps } from 'react';

/** The call controls' icons (24×24 strokes, like shared/ui's Icon), kept with the feature that uses them. */
const paths = {
  mic: 'M12 3a3 3 0 0 0-3 3v6a3 3 0 0 0 6 0V6a3 3 0 0 0-3-3zM5 11a7 7 0 0 0 14 0M12 18v3',
  micOff: 'M9 9v3a3 3 0 0 0 5.1 2.1M15 10V6a3 3 0 0 0-5.7-1.3M5 11a7 7 0 0 0 11.5 5.4M19 11a7 7 0 0 1-.6 2.8M12 18v3M3 3l18 18',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z',
  hangUp: 'M3 14.5c2.5-2.5 5.5-3.5 9-3.5s6.5 1 9 3.5l-2.2 2.6-3.6-1.2-.5-2.6a11 11 0 0 0-5.4 0l-.5 2.6-3.6 1.2z',
} as const;

export type CallIconName = keyof typeof paths;

export function CallIcon({ name, size = 20, ...rest }: { name: CallIconName; size?: number } & SVGProps<SVGSVGElement>) {
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
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
