import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { useAppSelector } from '../../../shared/store/hooks';
import { Icon } from '../../../shared/ui';
import { turnRingingOn, useRingSound } from '../live/ringSound';
import './RingSoundNotice.css';

/**
 * "Sound is off: click to turn ringing on", on every page of a model who takes calls while the
 * browser holds the page's sound back (live/ringSound.ts): without it she would be rung in silence
 * and never know (issue #28). The click is the gesture the browser waits for.
 */
export function RingSoundNotice() {
  const me = useAppSelector(selectCurrentUser);
  const canRing = me?.type === 'model' && me.callAvailable;
  const sound = useRingSound(canRing);
  if (!canRing || sound !== 'off') return null;
  return (
    <div className="ring-sound-notice" role="status">
      <button type="button" className="ring-sound-notice__button" onClick={turnRingingOn}>
        <Icon name="volumeOff" size={18} />
        Sound is off: click to turn ringing on
      </button>
    </div>
  );
}
