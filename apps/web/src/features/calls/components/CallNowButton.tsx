import { useState } from 'react';
import { useLocation } from 'react-router';
import { CALL_MESSAGES } from '@cc/contracts';
import { formatTokens } from '../../../shared/format';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { useAppDispatch, useAppSelector } from '../../../shared/store/hooks';
import { loginPath, RETURN_PARAM } from '../../../shared/api/navigation';
import { Alert, Button, ButtonLink, Icon } from '../../../shared/ui';
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
 * opens the Voice Call modal; a refusal stays beside the button with what to do (Sign in, Buy
 * tokens), coming back here after. The rate and the rounding rule are shown before the call starts.
 * The call is placed at the rate shown; when the model changed it meanwhile nothing is placed, and
 * the new rate is shown with a button to call at it (docs/product.md#price-changes).
 */
export function CallNowButton({ model, loading = false }: Props) {
  const dispatch = useAppDispatch();
  const me = useAppSelector(selectCurrentUser);
  const onCall = useAppSelector(selectCall).stage !== null;
  const { pathname } = useLocation();
  // The rate the server said is current, when it refused the one shown; for this model only.
  const [rateNow, setRateNow] = useState<{ modelId: string; rate: number } | null>(null);
  // The last refusal of a press, kept beside the button with the way past it (sign in, buy tokens).
  const [refused, setRefused] = useState<string | null>(null);
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
    // Said beside the button, with the way past it, rather than in a toast that goes by itself.
    setRefused(refusal);
    if (!refusal) void place(rate);
  };
  // A refusal that no longer holds (signed in, tokens bought in another tab) goes.
  const stillRefused = refused !== null && callNowRefusal(me, model) === refused ? refused : null;

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
      {stillRefused ? <RefusalWayOut refusal={stillRefused} back={pathname} /> : null}
      <Button icon={<Icon name="phone" size={18} />} onClick={press} disabled={onCall} size="lg" block>
        Call Now
      </Button>
      <p className="call-now__rate">{formatTokens(rate)} tokens/min · billed per started minute</p>
    </div>
  );
}

/**
 * What a refused press can do next, beside the button (issue #28: no dead ends): sign in, or buy
 * tokens, each coming back to this profile afterwards (`next`).
 */
function RefusalWayOut({ refusal, back }: { refusal: string; back: string }) {
  const way =
    refusal === CALL_MESSAGES.signInToCall
      ? { to: loginPath(back), label: 'Sign in' }
      : refusal === CALL_MESSAGES.needTokens
        ? { to: `/tokens?${RETURN_PARAM}=${encodeURIComponent(back)}`, label: 'Buy tokens' }
        : null;
  return (
    <Alert
      tone="warning"
      title={refusal}
      action={
        way ? (
          <ButtonLink to={way.to} size="sm">
            {way.label}
          </ButtonLink>
        ) : undefined
      }
    >
      {way?.label === 'Buy tokens'
        ? 'You come back here once the tokens are added.'
        : way
          ? 'You come back here once you are signed in.'
          : null}
    </Alert>
  );
}
