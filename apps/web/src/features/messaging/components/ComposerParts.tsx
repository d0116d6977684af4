import { useRef } from 'react';
import { formatTokens, MESSAGE_TEXT_MAX } from '@cc/contracts';
import { Icon } from '../../../shared/ui';
import { ATTACH_ACCEPT } from '../lib/mediaRules';
import { ChatIcon } from './ChatIcon';

/** Why the chosen file cannot go (too large, not a kind the chat takes), until dismissed. */
export function ComposerProblem({ problem, onDismiss }: { problem: string; onDismiss: () => void }) {
  return (
    <div className="chat-composer__problem" role="alert">
      <Icon name="alert" size={16} />
      <span>{problem}</span>
      <button type="button" className="chat-composer__dismiss" onClick={onDismiss} aria-label="Dismiss">
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}

/** The paperclip: opens the file picker (kept out of the tab order and the accessibility tree). */
export function AttachButton({ attached, onChoose }: { attached: boolean; onChoose: (file: File) => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const label = attached ? 'Choose another photo, video or file' : 'Attach a photo, video or file';
  return (
    <>
      <input
        ref={fileInput}
        type="file"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        accept={ATTACH_ACCEPT}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onChoose(file);
        }}
        data-testid="attach-input"
      />
      <button
        type="button"
        className="chat-composer__icon-button"
        onClick={() => fileInput.current?.click()}
        aria-label={label}
        title={label}
      >
        <ChatIcon name="paperclip" size={20} />
      </button>
    </>
  );
}

type SendButtonProps = { price: number | null; disabled: boolean; title: string | undefined };

/** Send, with what the message costs when it is not free. */
export function SendButton({ price, disabled, title }: SendButtonProps) {
  return (
    <button
      type="submit"
      className={['chat-composer__send', price !== null && 'has-price'].filter(Boolean).join(' ')}
      disabled={disabled}
      title={title}
    >
      <ChatIcon name="send" size={18} />
      <span className="chat-composer__send-text">
        <span className="chat-composer__send-label">Send</span>
        {price !== null ? (
          <>
            {' '}
            <span className="chat-composer__send-dot">·</span> {formatTokens(price)} tokens
          </>
        ) : null}
      </span>
    </button>
  );
}

/** The length against the limit, shown near it; the text box names it when the text is too long. */
export function TextCounter({ id, length }: { id: string; length: number }) {
  const tooLong = length > MESSAGE_TEXT_MAX;
  return (
    <p id={id} className={['chat-composer__count', tooLong && 'is-over'].filter(Boolean).join(' ')}>
      {length.toLocaleString('en-US')} / {MESSAGE_TEXT_MAX.toLocaleString('en-US')}
      {tooLong ? ' — too long to send' : ''}
    </p>
  );
}
