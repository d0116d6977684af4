import { toast } from 'sonner';
import { formatTokens } from '../../../shared/format';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { Button, Icon } from '../../../shared/ui';
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
 */
export function CallNowButton({ model, loading = false }: Props) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectCurrentUser);
  const onCall = useAppSelector(selectCall).stage !== null;
  // Nobody calls themselves: a model looking at her own profile sees no button.
  if (!model || loading || !isCallableModel(model) || me?._id === model._id) return null;

  const press = () => {
    const refusal = callNowRefusal(me, model);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    void dispatch(startCall(model));
  };

  return (
    <div className="call-now">
      <Button icon={<Icon name="phone" size={18} />} onClick={press} disabled={onCall} size="lg" block>
        Call Now
      </Button>
      <p className="call-now__rate">{formatTokens(model.callRate)} tokens/min · billed per started minute</p>
    </div>
  );
}
