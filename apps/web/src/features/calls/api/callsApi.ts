import { callRoutes, type RouteAnswer } from '@cc/contracts';
import { baseApi } from '../../../shared/api/baseApi';
import { routeRequest } from '../../../shared/api/routeRequest';

export type InitiatedCall = RouteAnswer<typeof callRoutes.initiate>;
export type CallView = RouteAnswer<typeof callRoutes.status>;
export type CallCharge = RouteAnswer<typeof callRoutes.charge>;
export type VoiceToken = RouteAnswer<typeof callRoutes.voiceToken>;

/**
 * The calls a Voice Call modal makes (docs/product.md#call-modal, #calls). Amounts are tokens on
 * the wire. 'Call' tags let the history (features/calls/api/historyApi.ts) refresh when a call moves.
 */
export const callsApi = baseApi.enhanceEndpoints({ addTagTypes: ['Call'] }).injectEndpoints({
  endpoints: (build) => ({
    /**
     * POST /masked-call/initiate: answers callId and callRate; the model is rung. `expectedPrice`
     * is the rate shown (docs/product.md#price-changes): another rate now is refused, not charged.
     */
    initiateCall: build.mutation<InitiatedCall, { modelId: string; expectedPrice: number }>({
      query: (body) => routeRequest(callRoutes.initiate, { body }),
      invalidatesTags: ['Call'],
    }),
    /** GET /masked-call/status/{id}: one call as it stands now (a reload mid-call brings the modal back). */
    callStatus: build.query<CallView, string>({
      query: (id) => routeRequest(callRoutes.status, { params: { id } }),
    }),
    /** GET /call/webrtc/token: the JWT that registers this browser's voice device. */
    voiceToken: build.query<VoiceToken, void>({
      query: () => routeRequest(callRoutes.voiceToken),
      keepUnusedDataFor: 0,
    }),
    /** POST /masked-call/charge/{id}: charges what is due by the server's clock (docs/product.md#call-modal). */
    chargeCall: build.mutation<CallCharge, string>({
      query: (id) => routeRequest(callRoutes.charge, { params: { id } }),
    }),
    /** POST /masked-call/accept/{id}: the model answers on her in-app softphone. */
    acceptCall: build.mutation<CallView, string>({
      query: (id) => routeRequest(callRoutes.accept, { params: { id } }),
      invalidatesTags: ['Call'],
    }),
    /** POST /masked-call/decline/{id}: the model says no. */
    declineCall: build.mutation<CallView, string>({
      query: (id) => routeRequest(callRoutes.decline, { params: { id } }),
      invalidatesTags: ['Call'],
    }),
    /** POST /masked-call/end/{id}: either party hangs up (the caller cancelling a ringing call too). */
    endCall: build.mutation<CallView, string>({
      query: (id) => routeRequest(callRoutes.end, { params: { id } }),
      invalidatesTags: ['Call'],
    }),
  }),
});
