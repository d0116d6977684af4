import { useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useStore } from 'react-redux';
import { formatTokens, MESSAGE_TEXT_MAX } from '@cc/contracts';
import { useAppDispatch } from '../../../shared/store/hooks';
import type { RootState } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { Icon } from '../../../shared/ui';
import { useAttachment } from '../hooks/useAttachment';
import type { Outgoing } from '../hooks/useSendMessage';
import { useTypingEmitter } from '../hooks/useTypingEmitter';
import { ATTACH_ACCEPT } from '../lib/mediaRules';
import { draftSaved, selectDraft } from '../model/chatSlice';
import { AttachmentPreview } from './AttachmentPreview';
import { ChatIcon } from './ChatIcon';

const MAX_HEIGHT_PX = 168;
/** The counter appears when this close to the limit. */
const COUNTER_FROM = MESSAGE_TEXT_MAX - 500;

type Props = {
  conversationId: string;
  send: (outgoing: Outgoing) => unknown;
  /** What one message costs the viewer here, in tokens (null when free): shown on Send, and sent as the price seen. */
  price: number | null;
};

/**
 * The composer: Enter sends, Shift+Enter starts a new line. A chosen file waits above the text
 * box (uploading in the background) with a way to remove it; the text becomes its caption, and
 * both go only when the person sends. Send says what the message costs. The text is the
 * composer's own state, so typing never re-renders the history; the draft is kept per
 * conversation when leaving.
 */
export function Composer({ conversationId, send, price }: Props) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  // Read once: the text is then the composer's own state, so the store is not subscribed to here.
  const [text, setText] = useState(() => selectDraft(store.getState(), conversationId));
  const textRef = useRef(text);
  const inputId = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const typing = useTypingEmitter(conversationId);
  const { attachment, problem, choose, remove, sent, dismissProblem } = useAttachment();

  // Grows with its text up to a few lines, then scrolls.
  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);

  // What was typed survives switching conversations, for the person who typed it: on sign-out the
  // global reset empties the chat before this unmounts, and the draft must not come back into it.
  useLayoutEffect(() => {
    const authorId = selectCurrentUser(store.getState())?._id;
    return () => {
      if (!authorId || selectCurrentUser(store.getState())?._id !== authorId) return;
      dispatch(draftSaved({ conversationId, text: textRef.current }));
    };
  }, [conversationId, dispatch, store]);

  const change = (value: string) => {
    textRef.current = value;
    setText(value);
    typing.typed(value);
  };

  const tooLong = text.length > MESSAGE_TEXT_MAX;
  // With an attachment the text is an optional caption; the attachment must have finished uploading.
  const canSend = !tooLong && (attachment ? attachment.media !== null : text.trim().length > 0);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    const message = text.trim();
    if (attachment?.media) {
      void send({ type: attachment.kind, text: message, media: attachment.media, expectedPrice: price ?? 0 });
      sent();
    } else {
      void send({ type: 'text', text: message, media: null, expectedPrice: price ?? 0 });
    }
    change('');
    typing.stop();
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="chat-composer">
      {problem ? (
        <div className="chat-composer__problem" role="alert">
          <Icon name="alert" size={16} />
          <span>{problem}</span>
          <button type="button" className="chat-composer__dismiss" onClick={dismissProblem} aria-label="Dismiss">
            <Icon name="close" size={14} />
          </button>
        </div>
      ) : null}
      {attachment ? (
        <AttachmentPreview
          attachment={attachment}
          onRemove={() => {
            remove();
            textarea.current?.focus();
          }}
        />
      ) : null}
      <form className="chat-composer__form" onSubmit={submit}>
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
            if (file) void choose(file);
          }}
          data-testid="attach-input"
        />
        <button
          type="button"
          className="chat-composer__icon-button"
          onClick={() => fileInput.current?.click()}
          aria-label={attachment ? 'Choose another photo, video or file' : 'Attach a photo, video or file'}
          title={attachment ? 'Choose another photo, video or file' : 'Attach a photo, video or file'}
        >
          <ChatIcon name="paperclip" size={20} />
        </button>
        <textarea
          ref={textarea}
          id={inputId}
          aria-label="Message"
          className="chat-composer__input"
          rows={1}
          placeholder={attachment ? 'Add a caption…' : 'Write a message…'}
          value={text}
          onChange={(event) => change(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={typing.stop}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${inputId}-count` : undefined}
        />
        <button
          type="submit"
          className={['chat-composer__send', price !== null && 'has-price'].filter(Boolean).join(' ')}
          disabled={!canSend}
          title={attachment && !attachment.media ? 'Sending is possible once the upload is done' : undefined}
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
      </form>
      {text.length > COUNTER_FROM ? (
        <p id={`${inputId}-count`} className={['chat-composer__count', tooLong && 'is-over'].filter(Boolean).join(' ')}>
          {text.length.toLocaleString('en-US')} / {MESSAGE_TEXT_MAX.toLocaleString('en-US')}
          {tooLong ? ' — too long to send' : ''}
        </p>
      ) : null}
    </div>
  );
}
