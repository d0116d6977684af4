import { baseApi } from '../../../shared/api/baseApi';

export type ContactMessage = { name: string; email: string; message: string };

export const contactApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<{ message?: string }, ContactMessage>({
      query: (body) => ({ url: '/contact-us', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactApi;
