import * as Dialog from '@radix-ui/react-dialog';
import type { Media } from '@cc/contracts';
import { Icon } from '../../../shared/ui';
import './PhotoViewer.css';

/** The full photo over the page; Escape or the close button returns to the chat. */
export function PhotoViewer({ photo, onClose }: { photo: Media | null; onClose: () => void }) {
  return (
    <Dialog.Root open={photo !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="photo-viewer__overlay" />
        <Dialog.Content className="photo-viewer" aria-describedby={undefined}>
          <div className="photo-viewer__bar">
            <Dialog.Title className="photo-viewer__title">{photo?.name ?? 'Photo'}</Dialog.Title>
            {photo ? (
              <a className="photo-viewer__button" href={photo.url} download={photo.name} aria-label="Download photo">
                <Icon name="download" size={20} />
              </a>
            ) : null}
            <Dialog.Close className="photo-viewer__button" aria-label="Close">
              <Icon name="close" size={20} />
            </Dialog.Close>
          </div>
          {photo ? <img className="photo-viewer__image" src={photo.url} alt={photo.name} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
