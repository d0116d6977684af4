import type { CSSProperties } from 'react';
import './PostCover.css';

/** A hue from the slug, so posts without a cover still look distinct from each other. */
const hueOf = (seed: string) => [...seed].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 360, 7);

/** The post's cover picture, or a soft gradient in its place. Decorative: the title says what it is. */
export function PostCover({ url, seed, className }: { url: string | null; seed: string; className?: string }) {
  const classes = ['post-cover', className].filter(Boolean).join(' ');
  if (url) {
    return (
      <span className={classes}>
        <img src={url} alt="" loading="lazy" />
      </span>
    );
  }
  return <span className={`${classes} post-cover--blank`} style={{ '--post-hue': hueOf(seed) } as CSSProperties} aria-hidden="true" />;
}
