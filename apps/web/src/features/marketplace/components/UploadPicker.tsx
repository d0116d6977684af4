import { useRef } from 'react';
import { formatBytes } from '../../../shared/format';
import { MEDIA_ACCEPT, MEDIA_LABEL } from '../../../shared/media/mediaRules';
import type { MediaUpload } from '../../../shared/media/useMediaUpload';
import { Button, Icon } from '../../../shared/ui';

type Props = { upload: MediaUpload | null; onChoose: (file: File) => void; disabled: boolean };

/**
 * The file to sell: a picker, then the chosen file with its upload's progress bar and percent
 * until it is stored, and a way to choose another (docs/product.md#media for the limits).
 */
export function UploadPicker({ upload, onChoose, disabled }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const pick = () => input.current?.click();
  const picker = (
    <input
      ref={input}
      type="file"
      accept={MEDIA_ACCEPT}
      className="visually-hidden"
      tabIndex={-1}
      aria-label="Photo, video or file to sell"
      data-testid="item-file-input"
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onChoose(file);
      }}
    />
  );

  if (!upload) {
    return (
      <div className="store-drop">
        {picker}
        <span className="store-drop__icon">
          <Icon name="upload" size={24} />
        </span>
        <p className="store-drop__title">Choose what to sell</p>
        <p className="muted text-sm">
          Photos up to 20 MB (JPEG, PNG, WebP, GIF), videos up to 500 MB (MP4, WebM, MOV), other files up to 100 MB.
        </p>
        <Button variant="secondary" onClick={pick} disabled={disabled}>
          Choose a photo, video or file
        </Button>
      </div>
    );
  }

  const uploading = upload.media === null;
  const percent = Math.round(upload.progress * 100);
  return (
    <div className="store-upload" role="group" aria-label={`Upload: ${upload.name}`}>
      {picker}
      <span className={`store-upload__thumb store-upload__thumb--${upload.kind}`}>
        {upload.kind === 'photo' && upload.previewUrl ? <img src={upload.previewUrl} alt="" /> : null}
        {upload.kind === 'video' && upload.previewUrl ? (
          <video src={`${upload.previewUrl}#t=0.1`} preload="metadata" muted playsInline />
        ) : null}
        {upload.kind === 'file' ? <Icon name="file" size={22} /> : null}
      </span>
      <span className="store-upload__text">
        <span className="store-upload__name" title={upload.name}>
          {upload.name}
        </span>
        {uploading ? (
          <span className="store-upload__progress">
            <progress className="store-upload__bar" max={1} value={upload.progress} aria-label={`Upload of ${upload.name}`} />
            <span className="store-upload__meta">{percent}%</span>
          </span>
        ) : (
          <span className="store-upload__meta">
            {MEDIA_LABEL[upload.kind]} · {formatBytes(upload.size)} ·{' '}
            <span className="store-upload__done">
              <Icon name="check" size={14} />
              Uploaded
            </span>
          </span>
        )}
      </span>
      <Button size="sm" variant="ghost" onClick={pick} disabled={disabled}>
        Choose another
      </Button>
    </div>
  );
}
