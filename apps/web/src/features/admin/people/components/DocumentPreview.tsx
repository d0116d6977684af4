import { useState } from 'react';
import { formatBytes } from '../../../../shared/format';
import { Alert, Button, Icon, Skeleton } from '../../../../shared/ui';
import { usePrivateFile } from '../api/usePrivateFile';
import '../../shared/components/AdminDetails.css';

/**
 * The submitted document itself. Images show inline. PDFs get Open and Download links: the site's
 * CSP allows blob: images but not blob: frames, so an embedded PDF viewer would stay blank.
 */
export function DocumentPreview({ fileUrl, ownerName }: { fileUrl: string; ownerName: string }) {
  const [attempt, setAttempt] = useState(0);
  const file = usePrivateFile(fileUrl, attempt);
  const fileName = decodeURIComponent(fileUrl.split('/').pop() ?? 'document');

  if (!file || file.state === 'loading') {
    return (
      <div className="admin-doc admin-doc--loading" role="status" aria-label="Loading the document">
        <Skeleton height={220} radius="var(--radius-md)" />
      </div>
    );
  }
  if (file.state === 'error') {
    return (
      <Alert
        tone="danger"
        title="Document not shown"
        action={
          <Button size="sm" variant="secondary" onClick={() => setAttempt((n) => n + 1)}>
            Retry
          </Button>
        }
      >
        {file.message}
      </Alert>
    );
  }
  if (file.mimeType.startsWith('image/')) {
    return (
      <figure className="admin-doc">
        <a href={file.url} target="_blank" rel="noopener noreferrer" className="admin-doc__image-link">
          <img src={file.url} alt={`Verification document submitted by ${ownerName}`} className="admin-doc__image" />
        </a>
        <figcaption className="admin-doc__caption">
          <span>
            {fileName} · {formatBytes(file.size)}
          </span>
          <a href={file.url} download={fileName}>
            Download
          </a>
        </figcaption>
      </figure>
    );
  }
  return (
    <div className="admin-doc admin-doc--file">
      <span className="admin-doc__file-icon">
        <Icon name="file" size={28} />
      </span>
      <div className="admin-doc__file-text">
        <p className="admin-doc__file-name">{fileName}</p>
        <p className="muted text-sm">
          {file.mimeType === 'application/pdf' ? 'PDF document' : 'Document'} · {formatBytes(file.size)}
        </p>
      </div>
      <div className="admin-doc__file-actions">
        <a className="ui-button ui-button--secondary ui-button--sm" href={file.url} target="_blank" rel="noopener noreferrer">
          Open
        </a>
        <a className="ui-button ui-button--ghost ui-button--sm" href={file.url} download={fileName}>
          Download
        </a>
      </div>
    </div>
  );
}
