import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../../shared/api/apiError';
import { formatBytes } from '../../../../shared/format';
import { Button, Card, Icon } from '../../../../shared/ui';
import { useUpdateSettingsMutation, useUploadFaviconMutation } from '../api/adminSiteApi';
import { ConfirmModal } from '../../shared/components/ConfirmModal';
import { FAVICON_ACCEPT, faviconProblem } from './faviconFile';

/**
 * The icon the web app ships with (apps/web/public): index.html links it, and it stays in place
 * while siteFavicon is empty, so it is what visitors see until an administrator uploads one.
 */
const BUILT_IN_ICON = '/favicon.svg';

/** How the icon looks where people see it: beside the site name in a browser tab. */
function TabPreview({ src, siteName, caption }: { src: string; siteName: string; caption: string }) {
  const shown = src || BUILT_IN_ICON;
  return (
    <figure className="admin-favicon__preview">
      <div className="admin-favicon__tab" aria-hidden="true">
        <img src={shown} alt="" width={16} height={16} />
        <span>{siteName}</span>
      </div>
      <div className="admin-favicon__large">
        <img src={shown} alt={caption} width={48} height={48} />
      </div>
      <figcaption className="muted text-sm">{caption}</figcaption>
    </figure>
  );
}

/** The file picked (checked here first), its preview, and its upload. */
function useFaviconChoice() {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [upload, uploading] = useUploadFaviconMutation();

  // The local preview URL lives as long as the choice does.
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);

  const choose = (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const why = faviconProblem(file);
    setProblem(why);
    setChosen(why ? null : { file, url: URL.createObjectURL(file) });
  };

  const send = async () => {
    if (!chosen) return;
    const result = await upload(chosen.file);
    if ('error' in result) {
      setProblem(errorMessage(result.error));
      toast.error('The favicon was not uploaded.');
      return;
    }
    setChosen(null);
    toast.success('Favicon updated. Browsers show it on the next page they open.');
  };
  return { input, chosen, setChosen, problem, choose, send, uploading: uploading.isLoading };
}

/** Picks a PNG, ICO or WebP file (checked here first), previews it, then uploads it. */
export function FaviconCard({ current, siteName }: { current: string; siteName: string }) {
  const inputId = useId();
  const { input, chosen, setChosen, problem, choose, send, uploading } = useFaviconChoice();
  const [confirmReset, setConfirmReset] = useState(false);
  const [update, resetting] = useUpdateSettingsMutation();

  const restoreDefault = async () => {
    const result = await update({ siteFavicon: '' });
    setConfirmReset(false);
    if ('error' in result) toast.error(errorMessage(result.error));
    else toast.success('The site uses its built-in icon again.');
  };

  return (
    <Card title="Favicon" description="The small icon in browser tabs and bookmarks. PNG, ICO or WebP, up to 1 MB; square, at least 32×32.">
      <div className="admin-favicon">
        <TabPreview
          src={chosen?.url ?? current}
          siteName={siteName}
          caption={
            chosen
              ? `New: ${chosen.file.name} (${formatBytes(chosen.file.size)})`
              : current
                ? 'Current icon'
                : 'No icon uploaded: the site serves its built-in chat-bubble icon (/favicon.svg), shown here.'
          }
        />
        <div className="admin-favicon__controls">
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={FAVICON_ACCEPT}
            className="visually-hidden"
            tabIndex={-1}
            aria-label="Favicon file"
            aria-describedby={problem ? `${inputId}-problem` : undefined}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          {chosen ? (
            <div className="cluster">
              <Button onClick={send} loading={uploading} icon={<Icon name="upload" size={16} />}>
                Upload favicon
              </Button>
              <Button variant="ghost" onClick={() => setChosen(null)} disabled={uploading}>
                Cancel
              </Button>
            </div>
          ) : (
            <div className="cluster">
              <Button variant="secondary" onClick={() => input.current?.click()} icon={<Icon name="upload" size={16} />}>
                Choose a file…
              </Button>
              {current ? (
                <Button variant="ghost" onClick={() => setConfirmReset(true)}>
                  Use the built-in icon
                </Button>
              ) : null}
            </div>
          )}
          {problem ? (
            <p id={`${inputId}-problem`} className="ui-field__error" role="alert">
              <Icon name="alert" size={14} />
              {problem}
            </p>
          ) : null}
        </div>
      </div>
      <ConfirmModal
        open={confirmReset}
        onCancel={() => setConfirmReset(false)}
        onConfirm={restoreDefault}
        working={resetting.isLoading}
        title="Remove the favicon?"
        description="The site goes back to its built-in icon (/favicon.svg, the chat bubble) until you upload a new one."
        confirmLabel="Remove favicon"
      />
    </Card>
  );
}
