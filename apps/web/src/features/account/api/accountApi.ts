import type { Me } from '@cc/contracts';
import { baseApi } from '../../../shared/api/baseApi';
import { storeMe } from '../../../shared/auth/storeMe';

type Message = { message?: string };
export type ProfileUpdate = { name?: string; username?: string; bio?: string };
export type DocumentUpload = { file: File; documentType: string; legalName: string; birthDate: string };

/** Every answer that carries the member's new self goes straight into the session state. */
const keepMe = {
  async onQueryStarted(
    _arg: unknown,
    { dispatch, queryFulfilled }: { dispatch: Parameters<typeof storeMe>[0]; queryFulfilled: Promise<{ data: Me }> },
  ) {
    try {
      const { data } = await queryFulfilled;
      storeMe(dispatch, data);
    } catch {
      // The page shows the error.
    }
  },
};

export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<Me, ProfileUpdate>({
      query: (body) => ({ url: '/users/updateProfile', method: 'PUT', body }),
      ...keepMe,
    }),
    uploadAvatar: build.mutation<Me, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return { url: '/users/avatar', method: 'POST', body };
      },
      ...keepMe,
    }),
    updateTokenPerMessage: build.mutation<Me, { token: number }>({
      query: (body) => ({ url: '/users/token-per-message', method: 'PUT', body }),
      ...keepMe,
    }),
    uploadDocument: build.mutation<Me, DocumentUpload>({
      query: ({ file, documentType, legalName, birthDate }) => {
        const body = new FormData();
        // Fields first: the server reads them before it streams the file.
        body.append('documentType', documentType);
        body.append('legalName', legalName);
        body.append('birthDate', birthDate);
        body.append('file', file);
        return { url: '/users/document', method: 'POST', body };
      },
      ...keepMe,
    }),
    updatePassword: build.mutation<Message, { password: string; newPassword: string }>({
      query: (body) => ({ url: '/users/updatePassword', method: 'POST', body }),
    }),
    /** Mails a one-time code for account actions (deactivation, payouts). */
    requestAccountCode: build.mutation<Message, void>({
      query: () => ({ url: '/users/otp/', method: 'GET' }),
    }),
    deactivateAccount: build.mutation<Message, { verifyCode: string }>({
      query: (body) => ({ url: '/users/deactivate', method: 'PUT', body }),
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useUploadAvatarMutation,
  useUpdateTokenPerMessageMutation,
  useUploadDocumentMutation,
  useUpdatePasswordMutation,
  useRequestAccountCodeMutation,
  useDeactivateAccountMutation,
} = accountApi;
