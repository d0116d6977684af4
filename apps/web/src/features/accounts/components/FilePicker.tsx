import type { FieldControlProps } from '../../../shared/ui/Field';
import { Icon, buttonClass } from '../../../shared/ui';

type FilePickerProps = {
  control: FieldControlProps;
  accept: string;
  file: File | null;
  onChoose: (file: File | undefined) => void;
};

/**
 * A file input dressed as the photo picker's button, with the chosen file's name beside it. The
 * real input lies over the button (transparent), so the Field's label names it, Tab reaches it,
 * Space or Enter opens the browser's chooser and a click anywhere on the button does too.
 */
export function FilePicker({ control, accept, file, onChoose }: FilePickerProps) {
  return (
    <div className="file-picker">
      <span className="file-picker__control">
        <input
          {...control}
          type="file"
          className="file-picker__input"
          accept={accept}
          onChange={(event) => onChoose(event.target.files?.[0])}
        />
        <span className={buttonClass({ variant: 'secondary' }, 'file-picker__button')} aria-hidden="true">
          <Icon name="upload" size={16} />
          {file ? 'Choose another file…' : 'Choose a file…'}
        </span>
      </span>
      <span className={file ? 'file-picker__name' : 'file-picker__name muted'}>
        {file ? (
          <>
            <Icon name="file" size={16} /> {file.name}
          </>
        ) : (
          'No file chosen yet'
        )}
      </span>
    </div>
  );
}
