import { contactUsRoutes as routes, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../../../shared/api/baseApi';
import { routeRequest } from '../../../shared/api/routeRequest';
import type { RouteBody } from '../../../shared/api/routeTypes';

export type ContactMessage = RouteBody<typeof routes.send>;

export const contactUsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<RouteAnswer<typeof routes.send>, ContactMessage>({
      query: (body) => routeRequest(routes.send, { body }),
    }),
  }),
});

export const { useSendContactMessageMutation } = contactUsApi;
