import { profileRoutes as routes, type Me, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../../../shared/api/baseApi';
import { routeRequest } from '../../../shared/api/routeRequest';
import type { RouteBody } from '../../../shared/api/routeTypes';
import { storeMe } from '../../../shared/auth/storeMe';

type Message = RouteAnswer<typeof routes.updatePassword>;
export type ProfileUpdate = RouteBody<typeof routes.updateProfile>;
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
    updateProfile: build.mutation<RouteAnswer<typeof routes.updateProfile>, ProfileUpdate>({
      query: (body) => routeRequest(routes.updateProfile, { body }),
      ...keepMe,
    }),
    uploadAvatar: build.mutation<RouteAnswer<typeof routes.avatar>, File>({
      query: (file) => {
        const body = new FormData();
        body.append('file', file);
        return routeRequest(routes.avatar, { body });
      },
      ...keepMe,
    }),
    /** `token` is the price in tokens (1.5 is 1.50 tokens). */
    updateTokenPerMessage: build.mutation<RouteAnswer<typeof routes.tokenPerMessage>, RouteBody<typeof routes.tokenPerMessage>>({
      query: (body) => routeRequest(routes.tokenPerMessage, { body }),
      ...keepMe,
    }),
    uploadDocument: build.mutation<RouteAnswer<typeof routes.submitDocument>, DocumentUpload>({
      query: ({ file, documentType, legalName, birthDate }) => {
        const body = new FormData();
        // Fields first: the server reads them before it streams the file.
        body.append('documentType', documentType);
        body.append('legalName', legalName);
        body.append('birthDate', birthDate);
        body.append('file', file);
        return routeRequest(routes.submitDocument, { body });
      },
      ...keepMe,
    }),
    updatePassword: build.mutation<Message, { currentPassword: string; newPassword: string }>({
      query: (body) => routeRequest(routes.updatePassword, { body }),
    }),
    /** Mails a one-time code for deactivating the account; its mail says that is what it confirms. */
    requestAccountCode: build.mutation<RouteAnswer<typeof routes.accountCode>, void>({
      query: () => routeRequest(routes.accountCode, { body: { purpose: 'deactivate' } }),
    }),
    deactivateAccount: build.mutation<RouteAnswer<typeof routes.deactivate>, RouteBody<typeof routes.deactivate>>({
      query: (body) => routeRequest(routes.deactivate, { body }),
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
