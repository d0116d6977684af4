import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { Card, Checkbox, TextField } from '../../../../shared/ui';
import type { SettingsFormValues } from './settingsForm';

type SettingsCardsProps = { register: UseFormRegister<SettingsFormValues>; errors: FieldErrors<SettingsFormValues> };

/** General and money. */
function SiteAndMoneyCards({ register, errors }: SettingsCardsProps) {
  return (
    <>
      <Card title="General" description="How the site names itself and where people can reach you.">
        <div className="admin-settings__grid">
          <TextField
            label="Site name"
            autoComplete="off"
            error={errors.siteName?.message}
            hint="Shown in the top bar, the footer and the browser tab."
            {...register('siteName')}
          />
          <TextField
            label="Contact e-mail"
            type="email"
            inputMode="email"
            autoComplete="off"
            error={errors.contactEmail?.message}
            hint="Where the contact form sends messages. Leave empty to use the administrator's address."
            {...register('contactEmail')}
          />
        </div>
      </Card>
      <Card title="Money" description="Applied to new sales and payout requests from now on.">
        <div className="admin-settings__grid">
          <TextField
            label="Commission (%)"
            inputMode="numeric"
            autoComplete="off"
            error={errors.siteCommission?.message}
            hint="The share of each sale the site keeps, 0–100."
            {...register('siteCommission')}
          />
          <TextField
            label="Minimum payout (tokens)"
            inputMode="decimal"
            autoComplete="off"
            error={errors.minPayout?.message}
            hint="The smallest amount a model may ask to be paid out."
            {...register('minPayout')}
          />
          <TextField
            label="Payout rate ($ a token)"
            inputMode="decimal"
            autoComplete="off"
            error={errors.payoutRate?.message}
            hint="What one token pays a model, like 0.08. A request keeps the rate of the day it was made."
            {...register('payoutRate')}
          />
          <TextField
            label="Sign-up tokens"
            inputMode="decimal"
            autoComplete="off"
            error={errors.signupFreeTokens?.message}
            hint="Given to every new member when they sign up, 0–1,000 (0 gives none). Models get none."
            {...register('signupFreeTokens')}
          />
        </div>
      </Card>
    </>
  );
}

/** Calls and other clients. */
function CallsAndClientsCards({ register, errors }: SettingsCardsProps) {
  return (
    <>
      <Card title="Calls" description="Applied to calls placed from now on.">
        <div className="admin-settings__grid">
          <TextField
            label="Ring time (seconds)"
            inputMode="numeric"
            autoComplete="off"
            error={errors.callRingSeconds?.message}
            hint="How long a call rings before it counts as missed, 10–120."
            {...register('callRingSeconds')}
          />
        </div>
      </Card>
      <Card title="Other clients" description="Apps of the older xChat family can use this site as their server.">
        <Checkbox
          label="Send the xChat client's live events"
          description="Messages, balances, blocks, sales and tips are also sent under the event names that app listens for. Our own site does not need them; turning them off saves about two events per message."
          {...register('legacySocketEvents')}
        />
      </Card>
    </>
  );
}

/** The settings form's plain fields: general, money, calls and other clients (the footer has its own). */
export function SettingsCards(props: SettingsCardsProps) {
  return (
    <>
      <SiteAndMoneyCards {...props} />
      <CallsAndClientsCards {...props} />
    </>
  );
}
