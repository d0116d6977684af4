import { useId, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../shared/api/apiError';
import { Spinner } from '../../../shared/ui';
import { useUpdateCallSettingsMutation } from '../api/historyApi';
import { turnRingingOn } from '../live/ringSound';

/**
 * "Available for calls": a switch that saves as soon as it is flipped (a switch acts at once), and
 * shows the saved state — it does not move until the server has agreed.
 */
export function SettingsAvailabilitySwitch({ available, rate }: { available: boolean; rate: number }) {
  const id = useId();
  const [save, { isLoading }] = useUpdateCallSettingsMutation();
  // A refusal belongs to the rate it was about: once the rate is saved anew, it no longer holds
  // (issue #28: a stale "Set a call rate above 0" stayed after the rate was set).
  const [refused, setRefused] = useState<{ message: string; rate: number } | null>(null);
  const failure = refused && refused.rate === rate ? refused.message : null;

  const flip = async () => {
    const next = !available;
    // This click is a gesture the browser accepts: the ring can sound from now on (live/ringSound.ts).
    if (next) turnRingingOn();
    setRefused(null);
    const answer = await save({ callAvailable: next });
    if (answer.error) {
      const message = errorMessage(answer.error);
      setRefused({ message, rate });
      toast.error(message);
      return;
    }
    toast.success(
      answer.data.callAvailable
        ? 'You are available for calls. Members see Call Now on your profile.'
        : 'You are not taking calls. Members no longer see Call Now on your profile.',
    );
  };

  return (
    <div className="settings-switch">
      <div className="settings-switch__row">
        <div className="settings-switch__text">
          <label htmlFor={id} className="settings-switch__label">
            Available for calls
          </label>
          <p id={`${id}-description`} className="settings-switch__description">
            {available
              ? 'On: members see Call Now on your profile and can call you.'
              : 'Off: nobody can call you. Turn it on when you are ready to take calls.'}
          </p>
        </div>
        <span className="settings-switch__control">
          {isLoading ? <Spinner size={16} /> : null}
          <input
            id={id}
            type="checkbox"
            role="switch"
            className="settings-switch__input"
            checked={available}
            aria-checked={available}
            aria-describedby={`${id}-description`}
            aria-busy={isLoading || undefined}
            disabled={isLoading}
            onChange={() => void flip()}
          />
        </span>
      </div>
      {failure ? (
        <p className="settings-switch__error" role="alert">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
