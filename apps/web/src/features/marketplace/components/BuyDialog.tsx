import type { SellItem } from '@cc/contracts';
import { selectCurrentUser } from '../../../shared/auth/authSlice';
import { formatTokens } from '../../../shared/format';
import { useAppSelector } from '../../../shared/store/hooks';
import { Alert, Button, ButtonLink, Modal } from '../../../shared/ui';
import { usePurchase } from '../hooks/usePurchase';
import { purchaseOutcome } from '../lib/purchaseMath';
import { ItemPreview } from './ItemPreview';

type Props = { item: SellItem; sellerName: string; onClose: () => void };

/**
 * Buying an item (docs/product.md#marketplace): the price and the balance after, or — when the
 * tokens are short — how many more are needed and a way to /tokens instead of a Buy button. The
 * request carries the price shown and one key per attempt, so a retry after a lost answer charges
 * once (docs/product.md#idempotency). A price changed meanwhile is refused, never charged: the
 * dialog stays, shows the new price and buys at it only when the member presses Buy again
 * (docs/product.md#price-changes).
 */
export function BuyDialog({ item, sellerName, onClose }: Props) {
  const balance = useAppSelector(selectCurrentUser)?.balance ?? 0;
  const { price, changedFrom, buy, buying: isLoading } = usePurchase(item, onClose);
  const { after, short } = purchaseOutcome(balance, price);

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
              Buy for {formatTokens(price)} tokens
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
          blurred
          className="store-buy__preview"
        />
        <dl className="store-buy__sums">
          <div>
            <dt>Price</dt>
            <dd>{formatTokens(price)} tokens</dd>
          </div>
          <div>
            <dt>Your balance</dt>
            <dd>{formatTokens(balance)} tokens</dd>
          </div>
        </dl>
      </div>
      {changedFrom !== null ? (
        <Alert tone="warning" title="The price changed">
          It was {formatTokens(changedFrom)} tokens and is now {formatTokens(price)} tokens. Nothing was charged. Buy it at the new price?
        </Alert>
      ) : null}
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
