import type { Me } from '@cc/contracts';
import { formatTokens } from '../../../shared/format';
import { Badge, ButtonLink, Card, Icon, PageHeader, type IconName } from '../../../shared/ui';
import { ModelDashboard } from './ModelDashboard';

type Step = { id: string; icon: IconName; title: string; text: string; to: string; action: string; done: boolean };

const VERIFICATION_STEP: Record<Me['modelStatus'], Pick<Step, 'text' | 'action' | 'done'>> = {
  none: { text: 'Send an identity document. Your profile goes live once an administrator approves it.', action: 'Verify now', done: false },
  pending: { text: 'Your document is being reviewed. Nothing to do for now.', action: 'See status', done: false },
  approved: { text: 'You are verified — members can find, message and call you.', action: 'See status', done: true },
  refused: { text: 'Your document was refused. See the reason and send a new one.', action: 'Send a new one', done: false },
};

/** What to do next, in the order it matters; done steps stay visible with a tick. */
function nextSteps(user: Me): Step[] {
  const steps: Step[] = [];
  if (user.type === 'model') {
    steps.push({
      id: 'verify',
      icon: 'shieldCheck',
      title: 'Verify your identity',
      to: '/account/verification',
      ...VERIFICATION_STEP[user.modelStatus],
    });
  }
  steps.push({
    id: 'profile',
    icon: 'user',
    title: 'Complete your profile',
    text: 'Add a short bio and your gender so people know who they are talking to.',
    to: '/account/profile',
    action: 'Edit profile',
    done: user.isCompletedProfile,
  });
  if (user.type !== 'model') {
    steps.push({
      id: 'tokens',
      icon: 'coin',
      title: 'Top up your tokens',
      text: 'Tokens pay for messages to creators, items and calls.',
      to: '/tokens',
      action: 'Buy tokens',
      done: user.balance > 0,
    });
  }
  return steps;
}

const MODEL_STATUS_BADGE = {
  none: <Badge tone="neutral">Not verified</Badge>,
  pending: <Badge tone="warning">Verification pending</Badge>,
  approved: <Badge tone="success">Verified creator</Badge>,
  refused: <Badge tone="danger">Verification refused</Badge>,
} as const;

function StepsCard({ steps, title = 'Next steps' }: { steps: readonly Step[]; title?: string }) {
  return (
    <Card title={title} className="dashboard__steps">
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

export function Dashboard({ user }: { user: Me }) {
  const firstName = user.name.split(/\s+/)[0] ?? user.name;
  const steps = nextSteps(user);
  const left = steps.filter((step) => !step.done);
  const setup = left.length > 0 ? `You have ${left.length} thing${left.length === 1 ? '' : 's'} left to set up.` : null;

  if (user.type === 'model') {
    return (
      <div className="page dashboard">
        <PageHeader
          eyebrow="Creator dashboard"
          title={`Welcome back, ${firstName}`}
          description={setup ?? 'Your earnings, the people waiting for an answer, and your prices.'}
          actions={roleBadge(user)}
        />
        {left.length > 0 ? <StepsCard steps={left} title="Finish setting up" /> : null}
        <ModelDashboard user={user} />
      </div>
    );
  }

  return (
    <div className="page dashboard">
      <PageHeader
        eyebrow="Dashboard"
        title={`Welcome back, ${firstName}`}
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
