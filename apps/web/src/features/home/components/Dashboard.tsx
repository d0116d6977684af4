import type { Me } from '@cc/contracts';
import { formatTokens } from '../../../shared/format';
import { Badge, ButtonLink, Card, Icon, PageHeader, type IconName } from '../../../shared/ui';
import { useStoreItemCountQuery } from '../api/homeApi';
import { ModelDashboard } from './ModelDashboard';

type Step = { id: string; icon: IconName; title: string; text: string; to: string; action: string; done: boolean };

const VERIFICATION_STEP: Record<Me['modelStatus'], Pick<Step, 'text' | 'action' | 'done'>> = {
  none: { text: 'Send an identity document. Your profile goes live once an administrator approves it.', action: 'Verify now', done: false },
  pending: { text: 'Your document is being reviewed. Nothing to do for now.', action: 'See status', done: false },
  approved: { text: 'You are verified — members can find, message and call you.', action: 'See status', done: true },
  refused: { text: 'Your document was refused. See the reason and send a new one.', action: 'Send a new one', done: false },
};

/**
 * A creator's way from approval to her first sale (issue #28: "after approval she cannot be called
 * and cannot find her tools"): each step says what it gives her and opens the page that does it.
 * The store step waits for its count (`storeItems` undefined) rather than claim a wrong state.
 */
function creatorSteps(user: Me, storeItems: number | undefined): Step[] {
  const steps: Step[] = [
    {
      id: 'verify',
      icon: 'shieldCheck',
      title: 'Verify your identity',
      to: '/account/verification',
      ...VERIFICATION_STEP[user.modelStatus],
    },
    {
      id: 'photo',
      icon: 'user',
      title: 'Add a profile photo',
      text: 'Members pick creators by their photo first.',
      to: '/account/profile',
      action: 'Add a photo',
      done: user.avatarUrl !== null,
    },
    {
      id: 'bio',
      icon: 'chat',
      title: 'Write a short bio',
      text: 'Say who you are and what members get when they message or call you.',
      to: '/account/profile',
      action: 'Write a bio',
      done: user.bio.trim() !== '',
    },
    {
      id: 'price',
      icon: 'coin',
      title: 'Set your price per message',
      text: 'What a member pays for each message to you; you earn it less the site’s commission.',
      to: '/account/profile',
      action: 'Set a price',
      done: user.tokenPerMessage > 0,
    },
    {
      id: 'calls',
      icon: 'phone',
      title: 'Take calls',
      text: 'Set a rate per minute and turn availability on, so members see Call Now on your profile.',
      to: '/calls/settings',
      action: 'Set up calls',
      done: user.callRate > 0 && user.callAvailable,
    },
  ];
  if (storeItems !== undefined) {
    steps.push({
      id: 'store',
      icon: 'store',
      title: 'Put something in your store',
      text: 'Photos, videos and files members buy for tokens from your profile.',
      to: '/store',
      action: 'Open My store',
      done: storeItems > 0,
    });
  }
  return steps;
}

/** A member's next steps, in the order they matter; done steps stay visible with a tick. */
function memberSteps(user: Me): Step[] {
  return [
    {
      id: 'profile',
      icon: 'user',
      title: 'Complete your profile',
      text: 'Add a short bio and your gender so people know who they are talking to.',
      to: '/account/profile',
      action: 'Edit profile',
      done: user.isCompletedProfile,
    },
    {
      id: 'tokens',
      icon: 'coin',
      title: 'Top up your tokens',
      text: 'Tokens pay for messages to creators, items and calls.',
      to: '/tokens',
      action: 'Buy tokens',
      done: user.balance > 0,
    },
  ];
}

const MODEL_STATUS_BADGE = {
  none: <Badge tone="neutral">Not verified</Badge>,
  pending: <Badge tone="warning">Verification pending</Badge>,
  approved: <Badge tone="success">Verified creator</Badge>,
  refused: <Badge tone="danger">Verification refused</Badge>,
} as const;

function StepsCard({ steps, title = 'Next steps', progress }: { steps: readonly Step[]; title?: string; progress?: string }) {
  return (
    <Card title={title} description={progress} aria-label={title} className="dashboard__steps">
      <ul className="steps-list">
        {steps.map((step) => (
          <li key={step.id} className={step.done ? 'is-done' : undefined}>
            <span className="steps-list__icon">
              <Icon name={step.done ? 'checkCircle' : step.icon} size={20} />
            </span>
            <div className="steps-list__text">
              <h3>
                {step.title}
                {step.done ? <span className="visually-hidden"> (done)</span> : null}
              </h3>
              <p>{step.text}</p>
            </div>
            <ButtonLink to={step.to} size="sm" variant={step.done ? 'ghost' : 'secondary'}>
              {step.action}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Who the dashboard is for, as a badge: a creator's verification, or the kind of account. */
function roleBadge(user: Me) {
  if (user.role === 'admin') return <Badge tone="accent">Administrator</Badge>;
  return user.type === 'model' ? MODEL_STATUS_BADGE[user.modelStatus] : <Badge tone="accent">Member</Badge>;
}

/** Someone whose account is less than a day old is welcomed, not welcomed back. */
const DAY_MS = 86_400_000;
const greeting = (user: Me, firstName: string) =>
  Date.now() - Date.parse(user.createdAt) < DAY_MS ? `Welcome, ${firstName}` : `Welcome back, ${firstName}`;

export function Dashboard({ user }: { user: Me }) {
  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  const isModel = user.type === 'model';
  const storeItems = useStoreItemCountQuery(undefined, { skip: !isModel }).data;
  const steps = isModel ? creatorSteps(user, storeItems) : memberSteps(user);
  const left = steps.filter((step) => !step.done);
  const setup = left.length > 0 ? `You have ${left.length} thing${left.length === 1 ? '' : 's'} left to set up.` : null;

  if (isModel) {
    return (
      <div className="page dashboard">
        <PageHeader
          eyebrow="Creator dashboard"
          title={greeting(user, firstName)}
          description={setup ?? 'Your earnings, the people waiting for an answer, and your prices.'}
          actions={roleBadge(user)}
        />
        {left.length > 0 ? (
          <StepsCard steps={steps} title="Finish setting up" progress={`${steps.length - left.length} of ${steps.length} done`} />
        ) : null}
        <ModelDashboard user={user} />
      </div>
    );
  }

  return (
    <div className="page dashboard">
      <PageHeader
        eyebrow="Dashboard"
        title={greeting(user, firstName)}
        description={setup ?? 'You are all set. Enjoy!'}
        actions={roleBadge(user)}
      />
      <div className="dashboard__grid">
        <Card className="balance-card" aria-labelledby="balance-title">
          <p id="balance-title" className="balance-card__label">
            <Icon name="coin" size={18} /> Token balance
          </p>
          <p className="balance-card__amount">
            {formatTokens(user.balance)} <span>tokens</span>
          </p>
          <ButtonLink to="/tokens" block>
            Buy tokens
          </ButtonLink>
        </Card>
        <StepsCard steps={steps} />
      </div>
    </div>
  );
}
