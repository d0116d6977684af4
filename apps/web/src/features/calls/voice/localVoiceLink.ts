import { CALL_MESSAGES, type CallSignal } from '@cc/contracts';
import type { CreateVoiceLink } from './types';

/** A voice token is a JWT: three dot-separated parts (docs/product.md#call-modal). */
export const isJwt = (token: string): boolean => token.split('.').length === 3 && token.split('.').every(Boolean);

/**
 * The `local` provider's voice link (docs/product.md#calls): WebRTC audio between the caller's and
 * the model's browsers, signalled over the socket ('call:signal'), with the token answer's
 * STUN/TURN servers (none on loopback). The side that makes the offer is the caller, or whoever
 * rejoins after a reload; an offer arriving on a link that already had one starts a fresh
 * connection, so either side may reload mid-call.
 */
export const createLocalVoiceLink: CreateVoiceLink = (options) => {
  let stream: MediaStream | null = null;
  let peer: RTCPeerConnection | null = null;
  let iceServers: RTCIceServer[] = [];
  let pendingCandidates: RTCIceCandidateInit[] = [];
  let stopListening: (() => void) | null = null;
  let muted = false;
  let closed = false;
  // Signals are handled one after another: WebRTC's descriptions must not interleave.
  let queue: Promise<void> = Promise.resolve();

  const fail = () => {
    if (!closed) options.onStatus({ status: 'error', message: CALL_MESSAGES.voiceFailed });
  };

  function newPeer(local: MediaStream): RTCPeerConnection {
    peer?.close();
    pendingCandidates = [];
    const created = new RTCPeerConnection({ iceServers });
    for (const track of local.getTracks()) created.addTrack(track, local);
    created.ontrack = (event) => options.onRemoteStream(event.streams[0] ?? new MediaStream([event.track]));
    created.onicecandidate = ({ candidate }) => {
      if (!candidate?.candidate) return;
      options.signals.send({
        type: 'candidate',
        candidate: { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex },
      });
    };
    created.onconnectionstatechange = () => {
      if (created !== peer || closed) return;
      if (created.connectionState === 'connected') options.onStatus({ status: 'connected', callSid: options.callId });
      else if (created.connectionState === 'failed') fail();
    };
    peer = created;
    return created;
  }

  async function flushCandidates(target: RTCPeerConnection) {
    const waiting = pendingCandidates;
    pendingCandidates = [];
    for (const candidate of waiting) await target.addIceCandidate(candidate).catch(() => undefined);
  }

  async function offer(local: MediaStream) {
    const target = newPeer(local);
    const description = await target.createOffer();
    await target.setLocalDescription(description);
    options.signals.send({ type: 'offer', sdp: description.sdp ?? '' });
  }

  async function handle(signal: CallSignal, local: MediaStream) {
    if (signal.type === 'offer') {
      // A second offer means the other side rejoined (a reload): start over with it.
      const target = peer && !peer.remoteDescription && peer.signalingState === 'stable' ? peer : newPeer(local);
      await target.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
      await flushCandidates(target);
      const answer = await target.createAnswer();
      await target.setLocalDescription(answer);
      options.signals.send({ type: 'answer', sdp: answer.sdp ?? '' });
    } else if (signal.type === 'answer') {
      if (peer?.signalingState !== 'have-local-offer') return;
      await peer.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
      await flushCandidates(peer);
    } else if (peer?.remoteDescription) {
      await peer.addIceCandidate(signal.candidate).catch(() => undefined);
    } else {
      pendingCandidates.push(signal.candidate);
    }
  }

  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(() => (closed ? undefined : work())).catch(fail);
  };

  return {
    async connect() {
      options.onStatus({ status: 'connecting' });
      try {
        let token;
        try {
          token = await options.fetchToken();
        } catch {
          throw new Error(CALL_MESSAGES.tokenRequestFailed);
        }
        if (!isJwt(token.token)) throw new Error('The voice token is not a JWT');
        iceServers = token.iceServers;
        const local = await navigator.mediaDevices.getUserMedia({ audio: true });
        if (closed) {
          for (const track of local.getTracks()) track.stop();
          return;
        }
        stream = local;
        for (const track of local.getAudioTracks()) track.enabled = !muted;
        if (!options.makeOffer) newPeer(local);
        stopListening = options.signals.listen((signal) => enqueue(() => handle(signal, local)));
        if (options.makeOffer) enqueue(() => offer(local));
      } catch (error) {
        if (!closed) options.onStatus({ status: 'error', message: error instanceof Error ? error.message : String(error) });
        throw error;
      }
    },
    setMuted(next) {
      muted = next;
      for (const track of stream?.getAudioTracks() ?? []) track.enabled = !next;
    },
    disconnect() {
      if (closed) return;
      closed = true;
      stopListening?.();
      peer?.close();
      peer = null;
      for (const track of stream?.getTracks() ?? []) track.stop();
      stream = null;
      options.onRemoteStream(null);
      options.onStatus({ status: 'disconnected' });
    },
  };
};
