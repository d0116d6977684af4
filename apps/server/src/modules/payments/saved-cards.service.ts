import { ErrorCode, type OpaqueData } from '@cc/contracts';
import type { UserRow } from '../../platform/auth';
import { AppError, badRequest, notFound } from '../../platform/errors';
import {
  CardNonceRefusedError,
  ProviderRequestError,
  ProviderUnreachableError,
  type PaymentProvider,
  type SavedProfile,
} from '../../providers/payments';
import type { CardsRepository, PaymentMethodRow } from './cards.repository';
import { nonceRefused } from './payment-errors';
import { customerReference } from './reference';

/** E00027: the card failed the small authorization run while saving it. */
const VALIDATION_DECLINED = 'E00027';

/**
 * Saved cards live at the provider as customer payment profiles; we keep only their ids and what is
 * safe to show (brand, last four, expiry). A member gets one customer profile per provider, created
 * on first use.
 */
export function createSavedCardsService({ cards, provider }: { cards: CardsRepository; provider: PaymentProvider }) {
  /** Provider failures as answers a member can act on. */
  async function atProvider<T>(work: () => Promise<T>, doing: string): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof ProviderUnreachableError) {
        throw new AppError(502, ErrorCode.PAYMENT_PROVIDER_ERROR, `The card provider did not answer while ${doing}. Please try again.`);
      }
      if (error instanceof CardNonceRefusedError) throw nonceRefused(error.message);
      if (error instanceof ProviderRequestError) {
        if (error.code === VALIDATION_DECLINED)
          throw new AppError(402, ErrorCode.CARD_DECLINED, `Your card was declined: ${error.message}`);
        throw badRequest(`The card could not be saved: ${error.message}`);
      }
      throw error;
    }
  }

  async function customerProfileFor(user: UserRow): Promise<string> {
    const known = await cards.findCustomerProfileId(user.id, provider.name);
    if (known) return known;
    const created = await atProvider(
      () => provider.createCustomerProfile({ merchantCustomerId: customerReference(user.id), email: user.email }),
      'saving your card',
    );
    return cards.saveCustomerProfileId(user.id, provider.name, created);
  }

  /** Records a card the provider saved; the same card saved twice is one row. */
  async function remember(userId: string, saved: SavedProfile): Promise<PaymentMethodRow> {
    await cards.saveCustomerProfileId(userId, provider.name, saved.customerProfileId);
    const known = await cards.findMethod({ userId, provider: provider.name, paymentProfileId: saved.paymentProfileId });
    if (known) return known;
    return cards.insertMethod({
      userId,
      provider: provider.name,
      paymentProfileId: saved.paymentProfileId,
      cardLast4: saved.cardLast4,
      cardBrand: saved.cardBrand,
      expiry: saved.expiry,
    });
  }

  return {
    list: (user: UserRow) => cards.listMethods(user.id, provider.name),

    async save(user: UserRow, opaqueData: OpaqueData): Promise<PaymentMethodRow> {
      const customerProfileId = await customerProfileFor(user);
      const saved = await atProvider(() => provider.addPaymentProfile({ customerProfileId, opaqueData }), 'saving your card');
      return remember(user.id, saved);
    },

    remember,

    async remove(user: UserRow, id: string): Promise<void> {
      const method = await cards.findMethod({ id, userId: user.id, provider: provider.name });
      if (!method) throw notFound('That saved card does not exist.');
      const customerProfileId = await cards.findCustomerProfileId(user.id, provider.name);
      // Forgotten at the provider first: a card we no longer list must not stay chargeable there.
      if (customerProfileId) {
        await atProvider(
          () => provider.deletePaymentProfile({ customerProfileId, paymentProfileId: method.paymentProfileId }),
          'removing your card',
        );
      }
      await cards.deleteMethod(method.id);
    },
  };
}
export type SavedCardsService = ReturnType<typeof createSavedCardsService>;
