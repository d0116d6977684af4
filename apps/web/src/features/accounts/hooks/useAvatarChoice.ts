import { useEffect, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '../../../shared/api/apiError';
import { useUploadAvatarMutation } from '../api/accountApi';
import { AVATAR_RULE, fileProblem } from '../lib/fileChecks';

/**
 * The photo being chosen: checked by type and size before anything is sent, previewed, then
 * saved (or cancelled). The chosen file is the page's (`file`, `setFile`), so Save profile saves it too.
 */
export function useAvatarChoice(file: File | null, setFile: (file: File | null) => void) {
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [upload, { isLoading }] = useUploadAvatarMutation();

  // The preview URL holds the file in memory until it is revoked.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  // Saved with the profile (or cleared by the page): the preview goes with it.
  if (!file && preview) setPreview(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    event.target.value = '';
    if (!chosen) return;
    const reason = fileProblem(chosen, AVATAR_RULE);
    setProblem(reason);
    if (reason) return;
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  };

  const cancel = () => {
    setFile(null);
    setPreview(null);
  };

  // The type was right by its name, but the bytes are not a picture the browser can draw.
  const unreadable = () => {
    cancel();
    setProblem(`That file could not be read as a picture. Choose a ${AVATAR_RULE.kinds} photo.`);
  };

  const save = async () => {
    if (!file) return;
    const answer = await upload(file);
    if (answer.error) {
      toast.error(errorMessage(answer.error));
      return;
    }
    cancel();
    toast.success('Your profile photo is updated.');
  };

  return { preview, problem, choose, cancel, unreadable, save, saving: isLoading };
}
