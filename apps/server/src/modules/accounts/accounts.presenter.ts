import type { AdminModelRow, AdminUserRow, ListedUser, Me, ProfileByUsername, PublicUser, VerificationDocument } from '@cc/contracts';
import { fileUrl } from '../../platform/uploads';
import type { FileRef, UserRow } from './users.repository';
import { readDocument } from './verification-document';

/**
 * Every DTO is an explicit allow-list of fields. E-mail, balance and documents appear only in the
 * member's own view (toMe) and in administrators' rows.
 */

const avatarUrl = (avatar: FileRef | null | undefined) => (avatar ? fileUrl(avatar) : null);

/**
 * Complete means a username, a bio and a gender, the xChat rule (docs/product.md#accounts); a
 * picture is welcome but not needed. Model approval is tracked separately by modelStatus.
 */
export const isCompletedProfile = (user: UserRow) => Boolean(user.username.trim() && user.bio.trim() && user.gender);

/** Models once an administrator approved their document; ordinary members always. */
export const isApproved = (user: UserRow) => user.type !== 'model' || user.modelStatus === 'approved';

export function toVerificationDocument(value: unknown, files: Map<string, FileRef>): VerificationDocument | null {
  const doc = readDocument(value);
  if (!doc) return null;
  // The name in the URL is cosmetic; a missing file row still gives a URL that answers 404.
  const file = files.get(doc.fileId) ?? { id: doc.fileId, fileName: 'document' };
  return {
    documentType: doc.documentType,
    legalName: doc.legalName,
    birthDate: doc.birthDate,
    fileUrl: fileUrl(file),
    submittedAt: doc.submittedAt,
    reviewedAt: doc.reviewedAt,
    refusalReason: doc.refusalReason,
  };
}

export function toPublicUser(user: UserRow, avatar: FileRef | null | undefined): PublicUser {
  return {
    _id: user.id,
    username: user.username,
    name: user.name,
    bio: user.bio,
    avatarUrl: avatarUrl(avatar),
    type: user.type,
    tokenPerMessage: user.tokenPerMessage,
    callRate: user.callRate,
    callAvailable: user.callAvailable,
    phoneVerified: user.phoneVerified,
    isApproved: isApproved(user),
    isActive: user.status === 'active',
    gender: user.gender,
    age: user.age,
    city: user.city,
    state: user.state,
    country: user.country,
    createdAt: user.createdAt.toISOString(),
  };
}

export const toListedUser = (user: UserRow, avatar: FileRef | null, contactId: string | null): ListedUser => ({
  ...toPublicUser(user, avatar),
  isFriend: contactId !== null,
});

export const toProfileByUsername = (user: UserRow, avatar: FileRef | null, contactId: string | null): ProfileByUsername => ({
  ...toListedUser(user, avatar, contactId),
  contactId,
});

/** The member's own view; `files` holds the avatar and document files by id. */
export function toMe(user: UserRow, files: Map<string, FileRef>, balance: number): Me {
  return {
    ...toPublicUser(user, user.avatarFileId ? files.get(user.avatarFileId) : null),
    email: user.email,
    role: user.role,
    balance,
    emailVerified: user.emailVerifiedAt !== null,
    isCompletedProfile: isCompletedProfile(user),
    modelStatus: user.modelStatus,
    verificationDocument: toVerificationDocument(user.verificationDocument, files),
    ...privateDetails(user),
  };
}

/** Contact details only the member and administrators see, never a public or listed profile. */
const privateDetails = (user: UserRow) => ({ address: user.address, postCode: user.postCode, phoneNumber: user.phoneNumber ?? '' });

export const toAdminModelRow = (user: UserRow, avatar: FileRef | null, files: Map<string, FileRef>): AdminModelRow => ({
  _id: user.id,
  username: user.username,
  name: user.name,
  email: user.email,
  avatarUrl: avatarUrl(avatar),
  status: user.status,
  modelStatus: user.modelStatus,
  createdAt: user.createdAt.toISOString(),
  verificationDocument: toVerificationDocument(user.verificationDocument, files),
});

export const toAdminUserRow = (user: UserRow, avatar: FileRef | null, balance: number): AdminUserRow => ({
  _id: user.id,
  username: user.username,
  name: user.name,
  email: user.email,
  role: user.role,
  type: user.type,
  status: user.status,
  modelStatus: user.modelStatus,
  emailVerified: user.emailVerifiedAt !== null,
  balance,
  avatarUrl: avatarUrl(avatar),
  ...privateDetails(user),
  createdAt: user.createdAt.toISOString(),
});
