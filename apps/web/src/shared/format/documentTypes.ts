import type { VerificationDocument } from '@cc/contracts';

/** What each identity document is called, to the model who sends it and the administrator who reviews it. */
export const DOCUMENT_TYPE_LABELS: Record<VerificationDocument['documentType'], string> = {
  ID: 'National ID card',
  passport: 'Passport',
  driverCard: 'Driving licence',
};

export const DOCUMENT_TYPE_OPTIONS = Object.entries(DOCUMENT_TYPE_LABELS).map(([value, label]) => ({ value, label }));
