import { useId, useRef, useState } from 'react';
import { errorMessage } from '../../../../shared/api/apiError';
import { Button, Icon } from '../../../../shared/ui';
import { useUploadPostCoverMutation } from '../api/adminPostsApi';
import { COVER_ACCEPT, coverProblem } from './postForm';
import './PostEditor.css';

type PostCoverFieldProps = {
  /** The cover shown now: the saved one, or the one just uploaded. */
  url: string | null;
  onChange: (cover: { _id: string; url: string } | null) => void;
};

/** Uploads a cover as soon as it is chosen (the post names it on save) and previews it. */
export function PostCoverField({ url, onChange }: PostCoverFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [upload, uploading] = useUploadPostCoverMutation();

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const why = coverProblem(file);
    setProblem(why);
    if (why) return;
    const result = await upload(file);
    if ('error' in result) setProblem(errorMessage(result.error));
    else onChange(result.data);
  };

  return (
    <div className="post-cover-field">
      <div className="post-cover-field__preview" aria-busy={uploading.isLoading || undefined}>
        {url ? (
          <img src={url} alt="The post's cover" />
        ) : (
          <span className="post-cover-field__empty">
            <Icon name="upload" size={22} />
            No cover yet
          </span>
        )}
      </div>
      <input
        ref={input}
        id={id}
        type="file"
        accept={COVER_ACCEPT}
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Cover image file"
        onChange={(event) => void choose(event.target.files?.[0])}
      />
      <div className="cluster">
        <Button
          variant="secondary"
          size="sm"
          loading={uploading.isLoading}
          icon={<Icon name="upload" size={16} />}
          onClick={() => input.current?.click()}
        >
          {url ? 'Replace cover…' : 'Upload cover…'}
        </Button>
        {url ? (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)} disabled={uploading.isLoading}>
            Remove
          </Button>
        ) : null}
      </div>
      {problem ? (
        <p className="ui-field__error" role="alert">
          <Icon name="alert" size={14} />
          {problem}
        </p>
      ) : (
        <p className="ui-field__hint">JPEG, PNG or WebP up to 5 MB. Wide pictures (16:9) look best.</p>
      )}
    </div>
  );
}
