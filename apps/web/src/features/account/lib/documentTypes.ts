import type { VerificationDocument } from '@cc/contracts';

export const DOCUMENT_TYPE_LABELS: Record<VerificationDocument['documentType'], string> = {
  ID: 'National ID card',
  passport: 'Passport',
  driverCard: "Driver's licence",
};

export const DOCUMENT_TYPE_OPTIONS = Object.entries(DOCUMENT_TYPE_LABELS).map(([value, label]) => ({ value, label }));
