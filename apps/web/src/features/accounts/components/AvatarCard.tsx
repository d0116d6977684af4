import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import type { Me } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { formatBytes } from '../../../shared/format';
import { Avatar, Button, Card, Icon } from '../../../shared/ui';
import { useUploadAvatarMutation } from '../api/accountApi';
import { AVATAR_RULE, acceptAttribute, fileProblem } from '../lib/fileChecks';

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
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [upload, { isLoading }] = useUploadAvatarMutation();

  // The preview URL holds the file in memory until it is revoked.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  // Saved with the profile (or cleared by the page): the preview goes with it.
  if (!file && preview) setPreview(null);

  const onChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const reason = fileProblem(chosen, AVATAR_RULE);
    setProblem(reason);
    if (reason) return;
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const cancel = () => {
    setFile(null);
    setPreview(null);
  };

  // The type was right by its name, but the bytes are not a picture the browser can draw.
  const unreadable = () => {
    cancel();
    setProblem(`That file could not be read as a picture. Choose a ${AVATAR_RULE.kinds} photo.`);
  };

  const save = async () => {
    if (!file) return;
    const answer = await upload(file);
    if (answer.error) {
      toast.error(errorMessage(answer.error));
      return;
    }
    cancel();
    toast.success('Your profile photo is updated.');
  };

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
            onChange={onChoose}
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
