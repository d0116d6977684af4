import { useId, type FormEvent, type KeyboardEvent } from 'react';
import { MESSAGE_TEXT_MAX } from '@cc/contracts';
import { useAttachment } from '../hooks/useAttachment';
import { useAutoGrow, useDraftText } from '../hooks/useComposerText';
import type { Outgoing } from '../hooks/useSendMessage';
import { useTypingEmitter } from '../hooks/useTypingEmitter';
import { AttachmentPreview } from './AttachmentPreview';
import { AttachButton, ComposerProblem, SendButton, TextCounter } from './ComposerParts';
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
  const [text, setText] = useDraftText(conversationId);
  const inputId = useId();
  const textarea = useAutoGrow(text);
  const typing = useTypingEmitter(conversationId);
  const { attachment, problem, choose, remove, sent, dismissProblem } = useAttachment();

  const change = (value: string) => {
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
      {problem ? <ComposerProblem problem={problem} onDismiss={dismissProblem} /> : null}
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
        <AttachButton attached={attachment !== null} onChoose={(file) => void choose(file)} />
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
        <SendButton
          price={price}
          disabled={!canSend}
          title={attachment && !attachment.media ? 'Sending is possible once the upload is done' : undefined}
        />
      </form>
      {text.length > COUNTER_FROM ? <TextCounter id={`${inputId}-count`} length={text.length} /> : null}
    </div>
  );
}
