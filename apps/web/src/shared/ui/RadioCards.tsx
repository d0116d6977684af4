import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import './RadioCards.css';

export type RadioCardOption = { value: string; title: string; description?: ReactNode; icon?: ReactNode };

type RadioCardsProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
  legend: ReactNode;
  options: readonly RadioCardOption[];
  error?: string | undefined;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A radio group drawn as cards. Native radios keep the keyboard behaviour (arrows move the choice);
 * `register()` from react-hook-form is spread onto every input of the group.
 */
export function RadioCards({ legend, options, error, ref, className, ...input }: RadioCardsProps) {
  const groupId = useId();
  const errorId = error ? `${groupId}-error` : undefined;
  return (
    <fieldset className={['ui-radio-cards', className].filter(Boolean).join(' ')} aria-describedby={errorId}>
      <legend className="ui-field__label">{legend}</legend>
      <div className="ui-radio-cards__grid">
        {options.map((option) => (
          <label key={option.value} className="ui-radio-card">
            <input ref={ref} type="radio" value={option.value} {...input} />
            <span className="ui-radio-card__body">
              {option.icon ? <span className="ui-radio-card__icon">{option.icon}</span> : null}
              <span className="ui-radio-card__title">{option.title}</span>
              {option.description ? <span className="ui-radio-card__description">{option.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="ui-field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
