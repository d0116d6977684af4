import { Fragment } from 'react';
import { Link } from 'react-router';

const CONTACT_US = 'Contact us';

/** A sentence that mentions "Contact us" (a deactivated or suspended account), with those words linking to the contact form. */
export function ContactUsText({ text }: { text: string }) {
  const parts = text.split(CONTACT_US);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <Link to="/contact-us">{CONTACT_US}</Link> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
