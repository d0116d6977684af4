import type { SVGProps } from 'react';

/** Chat-specific strokes in the style of the shared icon set (24×24, 1.8 stroke). */
const paths = {
  send: 'M4 12l16-8-6 16-2.5-6.5zM11.5 13.5L20 4',
  chat: 'M4 5h16v11H10l-5 4v-4H4z',
  paperclip: 'M20 11.5l-8.2 8.2a5 5 0 0 1-7.1-7.1l8.5-8.5a3.3 3.3 0 0 1 4.7 4.7l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8',
  search: 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4',
  back: 'M15 5l-7 7 7 7',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  bookmark: 'M6 4h12v17l-6-4-6 4z',
  block: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM5.6 5.6l12.8 12.8',
} as const;

export type ChatIconName = keyof typeof paths;

export function ChatIcon({ name, size = 20, ...rest }: SVGProps<SVGSVGElement> & { name: ChatIconName; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'more' ? 3 : 1.8}
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
