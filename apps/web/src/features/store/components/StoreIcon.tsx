import type { SVGProps } from 'react';

/** Store strokes in the style of the shared icon set (24×24, 1.8 stroke). */
const paths = {
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  play: 'M8 5l11 7-11 7z',
  video: 'M4 6h11v12H4zM15 10l5-3v10l-5-3z',
  photo: 'M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01',
  pencil: 'M4 20h4L19 9l-4-4L4 16zM13.5 6.5l4 4',
  bag: 'M5 8h14l-1 12H6zM9 8V6a3 3 0 0 1 6 0v2',
  plus: 'M12 5v14M5 12h14',
} as const;

export type StoreIconName = keyof typeof paths;

export function StoreIcon({ name, size = 20, ...rest }: SVGProps<SVGSVGElement> & { name: StoreIconName; size?: number }) {
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
