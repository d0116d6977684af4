import { useState } from 'react';
import { toast } from 'sonner';
import { changedPriceOf, type SellItem } from '@cc/contracts';
import { isApiError } from '../../../shared/api/apiError';
import { useAttemptKey } from '../../../shared/hooks/useAttemptKey';
import { usePurchaseItemMutation } from '../api/marketplaceApi';
import { PURCHASE_SUCCESS, purchaseFailureMessage } from '../lib/purchaseMessages';

/**
 * Buying at the price shown, with one key per attempt (docs/product.md#idempotency). A changed
 * price is refused, never charged: `price` becomes the new one and `changedFrom` keeps the one the
 * dialog opened with (docs/product.md#price-changes).
 */
export function usePurchase(item: SellItem, onClose: () => void) {
  const [purchase, { isLoading }] = usePurchaseItemMutation();
  const attemptKey = useAttemptKey();
  // The price shown, and sent as the price seen; the price the dialog opened with when it changed since.
  const [price, setPrice] = useState(item.price);
  const [changedFrom, setChangedFrom] = useState<number | null>(null);

  const buy = async () => {
    const answer = await purchase({ sellItemId: item._id, expectedPrice: price, idempotencyKey: attemptKey.current() });
    if (answer.error) {
      toast.error(purchaseFailureMessage(answer.error));
      // A lost answer keeps the dialog and the key, so trying again cannot charge twice; the
      // server's refusal is final for this attempt (the list re-reads what changed).
      if (isApiError(answer.error) && answer.error.status === 0) return;
      attemptKey.renew();
      const priceNow = changedPriceOf(isApiError(answer.error) ? answer.error : null);
      if (priceNow !== null) {
        setChangedFrom((first) => first ?? price);
        setPrice(priceNow);
        return;
      }
      onClose();
      return;
    }
    attemptKey.renew();
    toast.success(PURCHASE_SUCCESS);
    onClose();
  };

  return { price, changedFrom, buy, buying: isLoading };
}
