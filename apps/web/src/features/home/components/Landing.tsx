import { ButtonLink, Icon, type IconName } from '../../../shared/ui';
import { useSiteName } from '../../../shared/site/siteApi';
import { ChatPreview } from './ChatPreview';

const FEATURES: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'chat',
    title: 'Chat one-to-one',
    text: 'Private conversations with creators, with photos, videos and files. Your messages, your pace.',
  },
  {
    icon: 'coin',
    title: 'Tokens, simply',
    text: 'Buy a token package once and spend it on messages, exclusive items and tips. No subscriptions.',
  },
  {
    icon: 'phone',
    title: 'Paid voice calls',
    text: 'Call a creator from your browser and pay by the minute. You always see the rate before you call.',
  },
];

const STEPS = [
  { title: 'Create your free account', text: 'Pick a username and confirm your e-mail with a 6-digit code.' },
  { title: 'Find creators you like', text: 'Browse profiles, see their price per message and call rate up front.' },
  { title: 'Chat, support and call', text: 'Top up tokens when you need them and spend only on what you use.' },
];

/** The signed-out home page: what the product is, and the two ways in. */
export function Landing() {
  const siteName = useSiteName();
  return (
    <div className="landing">
      <section className="landing-hero">
        <div className="landing-hero__inner">
          <div className="landing-hero__text">
            <p className="landing-hero__eyebrow">
              <Icon name="sparkles" size={16} /> For fans and creators
            </p>
            <h1 className="landing-hero__title">Talk to the creators you love.</h1>
            <p className="landing-hero__lead">
              {siteName} brings you closer: message creators one-to-one, support them with tokens and call them live — all in one calm
              place.
            </p>
            <div className="landing-hero__actions">
              <ButtonLink to="/auth/register" size="lg">
                Create account
              </ButtonLink>
              <ButtonLink to="/auth/login" size="lg" variant="secondary">
                Sign in
              </ButtonLink>
            </div>
            <p className="landing-hero__note">Free to join · Pay only for what you use</p>
          </div>
          <ChatPreview />
        </div>
      </section>

      <section className="landing-section" aria-labelledby="features-title">
        <h2 id="features-title" className="landing-section__title">
          Everything in one place
        </h2>
        <div className="landing-features">
          {FEATURES.map((feature) => (
            <article key={feature.title} className="landing-feature">
              <span className="landing-feature__icon">
                <Icon name={feature.icon} size={22} />
              </span>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </article>
          ))}
        </div>
      </section>

      <section className="landing-section" aria-labelledby="steps-title">
        <h2 id="steps-title" className="landing-section__title">
          How it works
        </h2>
        <ol className="landing-steps">
          {STEPS.map((step, index) => (
            <li key={step.title}>
              <span className="landing-steps__number" aria-hidden="true">
                {index + 1}
              </span>
              <div>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>

      <section className="landing-section">
        <div className="landing-creators">
          <div>
            <h2>Are you a creator?</h2>
            <p>Set your own price per message and call rate, sell exclusive items, and request payouts whenever you like.</p>
          </div>
          <ButtonLink to="/auth/register?type=model" size="lg" variant="secondary">
            Join as a creator
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}
