import { mediaProblem } from '../../../shared/media/mediaRules';

/** The chat's wording of the shared upload rules (the store uses the same rules). */
export { MEDIA_LABEL, mediaKindOf, MEDIA_ACCEPT as ATTACH_ACCEPT } from '../../../shared/media/mediaRules';

/** Why a file cannot be sent, said before anything is uploaded, or null when it may go. */
export const attachmentProblem = (file: Pick<File, 'name' | 'type' | 'size'>) => mediaProblem(file, 'sent');
