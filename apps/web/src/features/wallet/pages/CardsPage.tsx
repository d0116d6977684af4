import { useState } from 'react';
import { toast } from 'sonner';
import type { SavedCard } from '@cc/contracts';
import { errorMessage } from '../../../shared/api/apiError';
import { Alert, Button, ButtonLink, Card, EmptyState, Icon, ListError, Modal, PageHeader, Skeleton } from '../../../shared/ui';
import { useListSavedCardsQuery, useRemoveCardMutation } from '../api/walletApi';
import { AddCardModal } from '../components/AddCardModal';
import { cardLabel, formatCardExpiry } from '../lib/format';
import './CardsPage.css';

function RemoveCardModal({ card, onClose }: { card: SavedCard; onClose: () => void }) {
  const [remove, removal] = useRemoveCardMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const label = cardLabel(card.cardBrand, card.cardLast4);
  const confirm = async () => {
    setProblem(null);
    const answer = await remove(card._id);
    if ('error' in answer) {
      setProblem(errorMessage(answer.error));
      return;
    }
    toast.success(`${label} was removed.`);
    onClose();
  };
  return (
    <Modal
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Remove ${label}?`}
      description="You can still pay with it by typing it again. Past payments and invoices are kept."
      dismissible={!removal.isLoading}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={removal.isLoading}>
            Keep card
          </Button>
          <Button variant="danger" onClick={confirm} loading={removal.isLoading}>
            Remove card
          </Button>
        </>
      }
    >
      {problem ? <Alert tone="danger">{problem}</Alert> : null}
    </Modal>
  );
}

function SavedCardRow({ card, onRemove }: { card: SavedCard; onRemove: (card: SavedCard) => void }) {
  const label = cardLabel(card.cardBrand, card.cardLast4);
  return (
    <li className="saved-card">
      <span className="saved-card__icon">
        <Icon name="lock" size={18} />
      </span>
      <div className="saved-card__text">
        <span className="saved-card__label">{label}</span>
        <span className="muted text-sm">Expires {formatCardExpiry(card.expiry)}</span>
      </div>
      <Button
        size="sm"
        variant="secondary"
        icon={<Icon name="trash" size={16} />}
        onClick={() => onRemove(card)}
        aria-label={`Remove ${label}`}
      >
        Remove
      </Button>
    </li>
  );
}

/** /tokens/cards: the cards kept for one-click purchases. */
export default function CardsPage() {
  const { data, error, isLoading, isError, isFetching, refetch } = useListSavedCardsQuery();
  const [removing, setRemoving] = useState<SavedCard | null>(null);
  const [adding, setAdding] = useState(false);
  const addButton = (
    <Button icon={<Icon name="lock" size={16} />} onClick={() => setAdding(true)}>
      Add a card
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Saved cards"
        description="Cards you saved at checkout. Only the last four digits are kept."
        actions={data && data.items.length > 0 ? addButton : undefined}
      />
      {isLoading ? (
        <div className="stack-sm" role="status" aria-label="Loading saved cards">
          <Skeleton height={68} radius="var(--radius-md)" />
          <Skeleton height={68} radius="var(--radius-md)" />
        </div>
      ) : isError || !data ? (
        <ListError what="your saved cards" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.items.length === 0 ? (
        <Card>
          <EmptyState
            icon="lock"
            title="No saved cards"
            description="Tick “Save this card” when you buy tokens, or add one now, to pay in one click next time."
            action={
              <div className="cluster">
                {addButton}
                <ButtonLink to="/tokens" variant="secondary">
                  Buy tokens
                </ButtonLink>
              </div>
            }
          />
        </Card>
      ) : (
        <ul className="saved-cards" aria-label="Saved cards">
          {data.items.map((card) => (
            <SavedCardRow key={card._id} card={card} onRemove={setRemoving} />
          ))}
        </ul>
      )}
      {removing ? <RemoveCardModal card={removing} onClose={() => setRemoving(null)} /> : null}
      {adding ? <AddCardModal onClose={() => setAdding(false)} /> : null}
    </>
  );
}
