import { Avatar } from '../../../shared/ui';
import './PartyAvatar.css';

/** The other person's picture with the online dot (the words are left to the text beside it). */
export function PartyAvatar({ name, src, online, size = 44 }: { name: string; src: string | null; online: boolean; size?: number }) {
  return (
    <span className="party-avatar">
      <Avatar name={name} src={src} size={size} decorative />
      {online ? <span className="party-avatar__dot" aria-hidden="true" /> : null}
    </span>
  );
}
