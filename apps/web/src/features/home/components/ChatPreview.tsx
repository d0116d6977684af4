import { Avatar, Icon } from '../../../shared/ui';

/** A decorative picture of a conversation, drawn with the real primitives instead of a screenshot. */
export function ChatPreview() {
  return (
    <div className="chat-preview" aria-hidden="true">
      <div className="chat-preview__header">
        <Avatar name="Mia Rivera" size={40} decorative />
        <div className="chat-preview__who">
          <span className="chat-preview__name">Mia Rivera</span>
          <span className="chat-preview__status">
            <span className="chat-preview__online" /> Online · 1.50 tokens per message
          </span>
        </div>
        <span className="chat-preview__call">
          <Icon name="phone" size={16} /> Call Now
        </span>
      </div>
      <div className="chat-preview__body">
        <p className="chat-preview__day">Today</p>
        <p className="bubble bubble--them">Hey! Thanks so much for the tip yesterday.</p>
        <p className="bubble bubble--me">Loved the live session. Any new tracks coming?</p>
        <p className="bubble bubble--them">Dropping one this Friday — you'll hear it first.</p>
      </div>
      <div className="chat-preview__composer">
        <span>Write a message…</span>
        <span className="chat-preview__send">
          <Icon name="arrowRight" size={16} />
        </span>
      </div>
    </div>
  );
}
