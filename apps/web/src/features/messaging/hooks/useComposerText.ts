import { useLayoutEffect, useRef, useState } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../../shared/store/hooks';
import type { RootState } from '../../../shared/store/hooks';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { draftSaved, selectDraft } from '../model/chatSlice';

const MAX_HEIGHT_PX = 168;

/**
 * The composer's text, its own state so typing never re-renders the history: it starts from the
 * conversation's draft and is kept as the draft when the composer goes.
 */
export function useDraftText(conversationId: string) {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  // Read once: the text is then the composer's own state, so the store is not subscribed to here.
  const [text, setText] = useState(() => selectDraft(store.getState(), conversationId));
  const textRef = useRef(text);

  // What was typed survives switching conversations, for the person who typed it: on sign-out the
  // global reset empties the chat before this unmounts, and the draft must not come back into it.
  useLayoutEffect(() => {
    const authorId = selectCurrentUser(store.getState())?._id;
    return () => {
      if (!authorId || selectCurrentUser(store.getState())?._id !== authorId) return;
      dispatch(draftSaved({ conversationId, text: textRef.current }));
    };
  }, [conversationId, dispatch, store]);

  const changeText = (value: string) => {
    textRef.current = value;
    setText(value);
  };

  return [text, changeText] as const;
}

/** The text box (the returned ref's) grows with its text up to a few lines, then scrolls. */
export function useAutoGrow(text: string) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, MAX_HEIGHT_PX)}px`;
  }, [text]);
  return textarea;
}
