import { useId, useRef } from 'react';
import type { Me } from '@cc/contracts';
import { formatBytes } from '../../../shared/format';
import { Avatar, Button, Card, Icon } from '../../../shared/ui';
import { useAvatarChoice } from '../hooks/useAvatarChoice';
import { AVATAR_RULE, acceptAttribute } from '../lib/fileChecks';

type Props = {
  user: Me;
  /** The photo chosen and not yet saved: the page's, so Save profile saves it too (ProfilePage). */
  file: File | null;
  onFileChange: (file: File | null) => void;
};

/** Choose a picture, see it, then save it; type and size are checked before anything is sent. */
export function AvatarCard({ user, file, onFileChange: setFile }: Props) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { preview, problem, choose, cancel, unreadable, save, saving: isLoading } = useAvatarChoice(file, setFile);

  return (
    <Card title="Profile photo" description="People see it next to your name in chats and on your profile.">
      <div className="avatar-card">
        <div className="avatar-card__picture">
          {preview ? (
            <img src={preview} alt="Preview of your new profile photo" className="avatar-card__preview" onError={unreadable} />
          ) : (
            <Avatar name={user.name} src={user.avatarUrl} size={96} />
          )}
        </div>
        <div className="avatar-card__controls">
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept={acceptAttribute(AVATAR_RULE)}
            className="visually-hidden"
            onChange={choose}
            aria-describedby={`${inputId}-rules`}
          />
          {file ? (
            <div className="cluster">
              <Button onClick={save} loading={isLoading} icon={<Icon name="upload" size={16} />}>
                Save photo
              </Button>
              <Button variant="ghost" onClick={cancel} disabled={isLoading}>
                Cancel
              </Button>
            </div>
          ) : (
            <Button variant="secondary" onClick={() => inputRef.current?.click()} icon={<Icon name="upload" size={16} />}>
              {user.avatarUrl ? 'Change photo' : 'Upload a photo'}
            </Button>
          )}
          <p id={`${inputId}-rules`} className="muted text-sm">
            {AVATAR_RULE.kinds}, up to {formatBytes(AVATAR_RULE.maxBytes)}.
          </p>
          {file ? <p className="text-sm">{file.name}</p> : null}
          {problem ? (
            <p className="ui-field__error" role="alert">
              <Icon name="alert" size={14} />
              {problem}
            </p>
          ) : null}
        </div>
      </div>
    </Card>
  );
}
