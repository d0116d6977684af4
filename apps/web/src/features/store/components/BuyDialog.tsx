import { toast } from 'sonner';
import type { SellItem } from '@cc/contracts';
import { isApiError } from '../../../shared/api/apiError';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { formatTokens } from '../../../shared/format';
import { useAppSelector } from '../../../shared/store/hooks';
import { Alert, Button, ButtonLink, Modal } from '../../../shared/ui';
import { usePurchaseItemMutation } from '../api/storeApi';
import { useAttemptKey } from '../../../shared/hooks/useAttemptKey';
import { purchaseOutcome } from '../lib/purchaseMath';
import { PURCHASE_SUCCESS, purchaseFailureMessage } from '../lib/purchaseMessages';
import { ItemPreview } from './ItemPreview';

type Props = { item: SellItem; sellerName: string; onClose: () => void };

/**
 * Buying an item (docs/product.md#marketplace): the price and the balance after, or — when the
 * tokens are short — how many more are needed and a way to /tokens instead of a Buy button. The
 * request carries the price shown (a changed price is refused, never charged) and one key per
 * attempt, so a retry after a lost answer charges once (docs/product.md#idempotency).
 */
export function BuyDialog({ item, sellerName, onClose }: Props) {
  const balance = useAppSelector(selectCurrentUser)?.balance ?? 0;
  const [purchase, { isLoading }] = usePurchaseItemMutation();
  const attemptKey = useAttemptKey();
  const { after, short } = purchaseOutcome(balance, item.price);

  const buy = async () => {
    const answer = await purchase({ sellItemId: item._id, price: item.price, idempotencyKey: attemptKey.current() });
    if (answer.error) {
      toast.error(purchaseFailureMessage(answer.error));
      // A lost answer keeps the dialog and the key, so trying again cannot charge twice; the
      // server's refusal is final for this attempt (the list re-reads what changed).
      if (isApiError(answer.error) && answer.error.status === 0) return;
      attemptKey.renew();
      onClose();
      return;
    }
    attemptKey.renew();
    toast.success(PURCHASE_SUCCESS);
    onClose();
  };

  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Buy ${item.name}`}
      description={`From ${sellerName}. You can download it as soon as it is yours.`}
      dismissible={!isLoading}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={isLoading}>
            Cancel
          </Button>
          {short > 0 ? (
            <ButtonLink to="/tokens">Buy tokens</ButtonLink>
          ) : (
            <Button onClick={() => void buy()} loading={isLoading}>
              Buy for {formatTokens(item.price)} tokens
            </Button>
          )}
        </>
      }
    >
      <div className="store-buy">
        <ItemPreview
          name={item.name}
          mediaType={item.mediaType}
          previewUrl={item.previewUrl}
          mimeType={item.mimeType}
          className="store-buy__preview"
        />
        <dl className="store-buy__sums">
          <div>
            <dt>Price</dt>
            <dd>{formatTokens(item.price)} tokens</dd>
          </div>
          <div>
            <dt>Your balance</dt>
            <dd>{formatTokens(balance)} tokens</dd>
          </div>
        </dl>
      </div>
      {short > 0 ? (
        <Alert tone="warning" title="Not enough tokens">
          You need {formatTokens(short)} more tokens to buy this item.
        </Alert>
      ) : (
        <p className="store-buy__after">Your balance after: {formatTokens(after)} tokens</p>
      )}
    </Modal>
  );
}
