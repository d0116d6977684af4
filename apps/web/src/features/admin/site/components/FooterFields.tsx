import { useWatch, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { Alert, Card, TextAreaField } from '../../../../shared/ui';
import type { SettingsFormOutput, SettingsFormValues } from './settingsForm';

type FooterFieldsProps = {
  register: UseFormRegister<SettingsFormValues>;
  control: Control<SettingsFormValues, unknown, SettingsFormOutput>;
  errors: FieldErrors<SettingsFormValues>;
};

/**
 * Footer content (HTML) with a live preview, and the footer script. Both are the administrator's
 * own code and trusted by design (docs/product.md#roles), so the preview renders the HTML as is.
 */
export function FooterFields({ register, control, errors }: FooterFieldsProps) {
  const content = useWatch({ control, name: 'footerContent' }) ?? '';
  return (
    <Card title="Footer" description="Shown at the bottom of every page, under the footer links.">
      <div className="admin-settings__footer">
        <TextAreaField
          label="Footer content (HTML)"
          hint='For example: <p>© 2026 Example Ltd · <a href="/terms">Terms</a></p>'
          className="admin-settings__code"
          rows={6}
          spellCheck={false}
          error={errors.footerContent?.message}
          {...register('footerContent')}
        />
        <div className="admin-settings__preview">
          <p className="ui-field__label" id="footer-preview-label">
            Preview
          </p>
          {content.trim() ? (
            <div
              className="admin-settings__preview-box"
              aria-labelledby="footer-preview-label"
              role="region"
              dangerouslySetInnerHTML={{ __html: content }}
            />
          ) : (
            <div className="admin-settings__preview-box admin-settings__preview-box--empty">
              Nothing yet — the footer shows only its links.
            </div>
          )}
        </div>
        <TextAreaField
          label="Footer script (JavaScript)"
          className="admin-settings__code"
          rows={6}
          spellCheck={false}
          placeholder="// e.g. analytics set-up"
          error={errors.footerScript?.message}
          {...register('footerScript')}
        />
        <Alert tone="warning" title="This script runs on every page">
          It is plain JavaScript (no &lt;script&gt; tags), served from this site&apos;s own address as /api/system/footer-script.js and run
          for every visitor, signed in or not. Paste only code you trust.
        </Alert>
      </div>
    </Card>
  );
}
