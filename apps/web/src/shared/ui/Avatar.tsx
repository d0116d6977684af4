import { useState } from 'react';
import './Avatar.css';

type AvatarProps = {
  name: string;
  src?: string | null;
  size?: number;
  className?: string;
  /** Next to the visible name the picture adds nothing for screen readers. */
  decorative?: boolean;
};

function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts.at(-1)![0]}` : (parts[0]?.slice(0, 2) ?? '?');
  return letters.toUpperCase();
}

/** A picture, or the person's initials on a tint picked from their name when there is none or it cannot be drawn. */
export function Avatar({ name, src, size = 36, className, decorative = false }: AvatarProps) {
  // Remembers which address failed, so a new picture (after an upload) gets its own chance.
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const hue = [...name].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 360;
  const style = { width: size, height: size, fontSize: Math.max(11, Math.round(size * 0.38)) };
  const classes = ['ui-avatar', className].filter(Boolean).join(' ');
  if (src && src !== failedSrc) {
    return <img className={classes} style={style} src={src} alt={decorative ? '' : name} onError={() => setFailedSrc(src)} />;
  }
  return (
    <span
      className={classes}
      style={{ ...style, ['--avatar-hue' as string]: hue }}
      {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': name })}
    >
      {initials(name)}
    </span>
  );
}
