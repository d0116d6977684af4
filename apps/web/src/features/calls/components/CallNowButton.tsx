import { useState } from 'react';
import { toast } from 'sonner';
import { formatTokens } from '../../../shared/format';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { Alert, Button, Icon } from '../../../shared/ui';
import { callNowRefusal, isCallableModel, type CallableModel } from '../lib/callNow';
import { startCall } from '../model/callFlow';
import { selectCall } from '../model/callSlice';
import './CallNowButton.css';

type Props = {
  /** The model on the profile; nothing is shown without one. */
  model: CallableModel | null | undefined;
  /** While the profile loads, nothing is shown. */
  loading?: boolean;
};

/**
 * 'Call Now' on a model's profile (docs/product.md#call-modal): shown only when a
 * model is provided, loading has finished and the model is callable. A press checks, in order,
 * that someone is signed in, that the model is callable and that the balance holds 10 tokens, then
 * opens the Voice Call modal. The rate and the rounding rule are shown before the call starts.
 * The call is placed at the rate shown; when the model changed it meanwhile nothing is placed, and
 * the new rate is shown with a button to call at it (docs/product.md#price-changes).
 */
export function CallNowButton({ model, loading = false }: Props) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectCurrentUser);
  const onCall = useAppSelector(selectCall).stage !== null;
  // The rate the server said is current, when it refused the one shown; for this model only.
  const [rateNow, setRateNow] = useState<{ modelId: string; rate: number } | null>(null);
  // Nobody calls themselves: a model looking at her own profile sees no button.
  if (!model || loading || !isCallableModel(model) || me?._id === model._id) return null;
  const changedRate = rateNow?.modelId === model._id && rateNow.rate !== model.callRate ? rateNow.rate : null;
  const rate = changedRate ?? model.callRate;

  const place = async (callRate: number) => {
    setRateNow(null);
    const outcome = await dispatch(startCall({ ...model, callRate }));
    if (outcome) setRateNow({ modelId: model._id, rate: outcome.rateChangedTo });
  };

  const press = () => {
    const refusal = callNowRefusal(me, model);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    void place(rate);
  };

  return (
    <div className="call-now">
      {changedRate !== null ? (
        <Alert
          tone="warning"
          title="The call rate changed"
          action={
            <Button size="sm" onClick={press} disabled={onCall}>
              Call for {formatTokens(changedRate)} tokens/min
            </Button>
          }
        >
          It is now {formatTokens(changedRate)} tokens a minute (it was {formatTokens(model.callRate)}). Nothing was charged.
        </Alert>
      ) : null}
      <Button icon={<Icon name="phone" size={18} />} onClick={press} disabled={onCall} size="lg" block>
        Call Now
      </Button>
      <p className="call-now__rate">{formatTokens(rate)} tokens/min · billed per started minute</p>
    </div>
  );
}
