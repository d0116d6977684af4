import { formatBytes } from '../../../shared/format';
import { Icon } from '../../../shared/ui';
import type { Attachment } from '../hooks/useAttachment';
import { MEDIA_LABEL } from '../lib/mediaRules';
import { ChatIcon } from './ChatIcon';

type Props = { attachment: Attachment; onRemove: () => void };

/** The file chosen for the next message, above the text box: what it is, how far its upload got, and a way to take it back. */
export function AttachmentPreview({ attachment, onRemove }: Props) {
  const { name, size, kind, previewUrl, progress, media } = attachment;
  const uploading = media === null;
  const percent = Math.round(progress * 100);
  return (
    <div className="chat-attachment" role="group" aria-label={`Attachment: ${name}`}>
      <span className={['chat-attachment__thumb', `chat-attachment__thumb--${kind}`].join(' ')}>
        {kind === 'photo' && previewUrl ? <img src={previewUrl} alt={name} /> : null}
        {kind === 'video' && previewUrl ? (
          <>
            {/* The first frame stands for the poster until the server makes one. */}
            <video src={`${previewUrl}#t=0.1`} preload="metadata" muted playsInline aria-label={name} />
            <span className="chat-attachment__play" aria-hidden="true">
              <Icon name="play" size={14} />
            </span>
          </>
        ) : null}
        {kind === 'file' ? <ChatIcon name="paperclip" size={22} /> : null}
      </span>
      <span className="chat-attachment__text">
        <span className="chat-attachment__name" title={name}>
          {name}
        </span>
        {uploading ? (
          <span className="chat-attachment__progress">
            <progress className="chat-upload__bar" max={1} value={progress} aria-label={`Upload of ${name}`} />
            <span className="chat-attachment__meta" aria-hidden="true">
              {percent}%
            </span>
          </span>
        ) : (
          <span className="chat-attachment__meta">
            {MEDIA_LABEL[kind]} · {formatBytes(size)} · <span className="chat-attachment__ready">ready to send</span>
          </span>
        )}
      </span>
      <button type="button" className="chat-attachment__remove" onClick={onRemove} aria-label={`Remove ${name}`} title="Remove">
        <Icon name="close" size={16} />
      </button>
    </div>
  );
}
